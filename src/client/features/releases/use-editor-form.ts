import { useCallback, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { ReleaseAction } from '../../../shared/releases';
import { firstProblem, nestedErrors, validate, type EditorValues } from './editor-form';

/** What a button of the editor asks for; a test goes to the sender under the draft's rules. */
export type EditorIntent = ReleaseAction | 'test';
const rulesOf = (intent: EditorIntent): ReleaseAction => (intent === 'test' ? 'save_draft' : intent);

/**
 * The editor's form and its one way into submit. Every action validates with its own rules (strict for
 * send and schedule, loose for a draft or a test): the rules travel with the call to `submitAs`, so no
 * button can submit with another's. The last attempt's rules stay for re-validation as the person
 * corrects the fields; nothing outside this hook can change them.
 */
export function useEditorForm(initialValues: EditorValues) {
  const lastRules = useRef<ReleaseAction>('send_now');
  const resolver: Resolver<EditorValues> = async (values) => {
    const problems = validate(values, lastRules.current);
    if (!firstProblem(problems)) return { values, errors: {} };
    return { values: {}, errors: nestedErrors(problems) as FieldErrors<EditorValues> };
  };
  const form = useForm<EditorValues>({ defaultValues: initialValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const submitAs = useCallback(
    (intent: EditorIntent, onValid: (intent: EditorIntent, values: EditorValues) => unknown, onInvalid: (errors: FieldErrors<EditorValues>) => void) => {
      lastRules.current = rulesOf(intent);
      return form.handleSubmit((valid) => onValid(intent, valid), onInvalid)();
    },
    [form],
  );
  return { form, submitAs };
}
