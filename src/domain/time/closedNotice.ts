// The notice a closed location shows (ordering.md section 4, "Open state"), apart from the open-state rules: the pages
// that say it need the words only, not the time-zone rules those bring.
export const CLOSED_NOTICE = {
  heading: 'Oops!',
  message: 'This location is currently closed. Orders placed must be scheduled for future pickup.',
} as const;
