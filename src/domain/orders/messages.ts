// What the order pages say where the spec is silent (README, "Installable and offline"): in the offline notice's
// words, what a button pressed without a network will do by itself once it is back.
export const ARRIVAL_WAITS = 'You’re offline: the store will be told you’re here when you’re back online.';
export const REORDER_WAITS = 'You’re offline: your order will be added to your bag when you’re back online.';

/**
 * A curbside order's one instruction, on its page and in history (README, "Curbside arrival"): the button it names is
 * the prompt's, so the words match its label. Before the order is ready the button is not there yet, and it says so.
 */
export const CURBSIDE_INSTRUCTION = "When you arrive, tap I'm here and we will bring your order to your car.";
export const CURBSIDE_INSTRUCTION_EARLY = `${CURBSIDE_INSTRUCTION} The button shows here once your order is ready.`;

/** The car a curbside order is for, as the store will look for it: 'Green Subaru Outback'. */
export function vehicleLine(vehicle: { readonly make: string; readonly model: string; readonly color: string }): string {
  return [vehicle.color, vehicle.make, vehicle.model]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
