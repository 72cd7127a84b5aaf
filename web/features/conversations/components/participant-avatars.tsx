import type { Conversation } from '@shared/api/conversations';
import { Avatar } from '@web/components/avatar';
import { initialsOf } from '@web/lib/initials';
import { cn } from '@web/lib/cn';

/** The other participants first (the viewer last): who a conversation is with. */
export function othersFirst(
  participants: Conversation['participants'],
  viewerId: string | undefined,
): Conversation['participants'] {
  const others = participants.filter((person) => person.id !== viewerId);
  return others.length > 0 ? others : participants;
}

/**
 * A conversation's picture: the other member's, or two of a circle's overlapping. Decorative: the
 * title beside it names them.
 */
export function ParticipantAvatars({
  conversation,
  viewerId,
  className,
}: {
  conversation: Pick<Conversation, 'participants'>;
  viewerId: string | undefined;
  className?: string;
}) {
  const shown = othersFirst(conversation.participants, viewerId).slice(0, 2);
  if (shown.length < 2) {
    const [person] = shown;
    return (
      <Avatar src={person?.avatar} initials={initialsOf(person?.name)} size="lg" className={className} />
    );
  }
  return (
    <span className={cn('relative inline-block size-12 shrink-0', className)} aria-hidden="true">
      {shown.map((person, index) => (
        <Avatar
          key={person.id}
          src={person.avatar}
          initials={initialsOf(person.name)}
          size="md"
          className={cn('absolute ring-2 ring-white', index === 0 ? 'top-0 start-0' : 'end-0 bottom-0')}
        />
      ))}
    </span>
  );
}
