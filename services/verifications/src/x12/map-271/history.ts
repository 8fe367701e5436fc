/** The patient's history: the latest visit (DTP*304) of an EB row's procedure. */
import { type BenefitLoop } from '../parse-271';
import { dateRange, toUsDate } from '../readers';
import { LAST_VISIT } from './codes';
import { type PlanDraft, type RowScope } from './plan-draft';

/** DTP*304 (latest visit) after an EB: a history record when the row names a procedure code. */
export function mapHistory(loop: BenefitLoop, scope: RowScope, draft: PlanDraft): boolean {
  const visits = loop.dates.filter((date) => date.qualifier === LAST_VISIT);
  if (visits.length === 0) return false;
  const target = scope.targets[0];
  const notes = loop.messages.join(' ').trim();
  for (const visit of visits) {
    const raw = dateRange(visit).start;
    const date = toUsDate(raw);
    const code = target?.code;
    if (code !== undefined && date !== undefined) {
      if (!draft.history.some((record) => record.code === code && record.date === date)) {
        draft.history.push({ code, date, ...(notes === '' ? {} : { notes }) });
      }
      continue;
    }
    const procedure = loop.benefit.procedure;
    draft.unmappedHistory.push({
      originalBenefitKey: target?.key ?? (loop.benefit.serviceTypes.map((type) => `EB03:${type}`).join(',') || 'EB'),
      code: code ?? (procedure === undefined ? '' : `${procedure.qualifier}:${procedure.code}`),
      date: date ?? raw,
      isWrongDate: date === undefined,
    });
  }
  return true;
}
