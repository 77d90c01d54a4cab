/** A select's options from `[value, text]` pairs, in their order. */
export function Options({ choices }: { choices: readonly (readonly [value: string, text: string])[] }) {
  return choices.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}
