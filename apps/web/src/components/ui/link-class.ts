/**
 * Class names of the customer pages' text link: bold, in the brand colour and underlined, so it
 * stands out of the sentence around it.
 */
export const linkClass = 'font-semibold text-brand-700 underline';
