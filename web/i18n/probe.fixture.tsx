/** What the catalog check must find (web/i18n/catalogs.test.ts): texts written into code. */
export function Probe() {
  return (
    <p title="Hearth">
      Hello there
      {'Close'}
      <input placeholder="Search posts" aria-hidden />
      {' · '}
    </p>
  );
}

export function Choices({ open, count }: { open: boolean; count: number }) {
  return <button aria-label={open ? 'Close menu' : `Open menu`}>{count > 1 && `${count} items`}</button>;
}
