/** The goal id param of the goal tools, and what to call when it names no goal. */
import { ref } from '@toolsmith/core';
import { withMissingHint } from '../../api/not-found-hint.ts';

export const goalIdParam = () => ref('goal').describe('Goal id (UUID, from clickup_get_goals)');

export const goalMissing = (error: unknown) =>
  withMissingHint(error, 'Find the goal id with clickup_get_goals.');
