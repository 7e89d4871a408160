/**
 * What the analysis says of one call: its outcome, its rewrite (or one per choice) as text edits, and its reasons. The
 * ESLint rule and the codemod read these; the wrapper, mock and group settling passes take and give them.
 */
import type { AssignmentMode } from './contract.js';
import type { Plan } from '../plan/plan.js';
import type { Reason } from './reasons.js';
import type { AssignCall } from '../recognize/recognize.js';
import type { TextEdit } from '../render/render.js';

/**
 * - `fix`: one exact rewrite (ESLint: a suggestion, or a fix with `autofix`; codemod: rewritten).
 * - `review`: one rewrite with notes to review (ESLint: a suggestion; codemod: rewritten, with a TODO).
 * - `choose`: several rewrites, a person picks (ESLint: one suggestion each; codemod: a TODO).
 * - `manual`: no rewrite (ESLint: the reason; codemod: a TODO).
 */
export type Outcome = 'fix' | 'review' | 'choose' | 'manual';

export interface Choice {
  readonly id: AssignmentMode;
  readonly edits: readonly TextEdit[];
  readonly notes: readonly Reason[];
}

export interface Finding {
  readonly call: AssignCall;
  readonly plan: Plan;
  readonly outcome: Outcome;
  /** fix/review: the rewrite. */
  readonly edits?: readonly TextEdit[];
  /** choose: one rewrite per choice. */
  readonly choices?: readonly Choice[];
  /** What a person should know: the notes of a review, the reasons of a choice or of a manual call. */
  readonly reasons: readonly Reason[];
  /**
   * A call of a wrapper that is held back for the wrapper's own reasons, not for what this call passes: the wrapper's
   * call says them, so this call needs no comment of its own.
   */
  readonly repeatsWrapper?: true;
}
