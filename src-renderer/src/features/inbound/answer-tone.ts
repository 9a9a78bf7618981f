// The colour of an answer in the Inbound tab (the receiver's recent answers, a forward target's last
// result): green for a success, the warning colour for one given after the platform's deadline (the
// platform had stopped waiting, so it is no success whatever its status), red for a failure.
type AnswerTone = 'inb-ok' | 'inb-late' | 'text-error';

export function answerTone(answer: { status: number | null; late?: string }): AnswerTone {
  if (answer.status === null || answer.status >= 400) return 'text-error';
  return answer.late ? 'inb-late' : 'inb-ok';
}
