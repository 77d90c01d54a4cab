import { useState } from 'react';

/** What a console form gives one of its text fields: the text, where a change goes, what is wrong with it. */
export interface BoundField {
  value: string;
  onValue: (text: string) => void;
  error: string | undefined;
}

/**
 * The texts of a console form's fields and the error under each, kept by field name, so a field
 * takes all three from `field(name)` and a form lists its state once rather than a pair of
 * states per field.
 */
export function useFormFields<Name extends string>(initial: Readonly<Record<Name, string>>) {
  // The first render's texts: what `reset` goes back to, whatever later renders pass.
  const [start] = useState(initial);
  const [texts, setTexts] = useState(start);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  return {
    texts,
    /** Replaces every field's error at once: a field left out shows none. */
    setErrors,
    /** Back to the texts the form started with, as after a successful send. */
    reset: () => setTexts(start),
    field: (name: Name): BoundField => ({
      value: texts[name],
      onValue: (text) => setTexts((previous) => ({ ...previous, [name]: text })),
      error: errors[name],
    }),
  };
}
