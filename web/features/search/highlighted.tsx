import type { Highlight } from '@shared/api/search';

/** Text with the server's matches marked: every piece is rendered as text, never as HTML. */
export function Highlighted({ pieces }: { pieces: Highlight }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.match ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {piece.text}
          </mark>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}

export function plainText(pieces: Highlight): string {
  return pieces.map((piece) => piece.text).join('');
}
