/** The props of a control over a value its parent holds: the value it shows, and where each change goes. */
export interface ControlledProps<T> {
  value: T;
  onChange: (value: T) => void;
}
