// What the shopper reads about delivery where the spec gives no wording (README, "Delivery").
export const ADDRESS_NOT_CHECKED = 'We could not check that address. Please try again.';
export const ADDRESS_NOT_SAVED = 'We could not save that address. Please try again.';
export const ADDRESS_NOT_DELETED = 'We could not delete that address. Please try again.';
export const ADDRESS_PROBLEMS = 'Please correct the address.';
export const ADDRESS_GONE = 'That address is no longer in your address book.';
export const QUOTE_FAILED = 'We could not get a delivery quote. Please try again.';
/** In the offline notice's words: the quote is asked for by itself once the network is back. */
export const QUOTE_WAITS = 'You’re offline: your delivery quote will come when you’re back online.';
export const ADDRESS_CHECK_WAITS = 'You’re offline: your address will be checked when you’re back online.';
export const ADDRESS_SAVE_WAITS = 'You’re offline: your address will be saved when you’re back online.';
export const ADDRESS_CHOOSE_WAITS = 'You’re offline: your address will be chosen when you’re back online.';
export const ADDRESS_DELETE_WAITS = 'You’re offline: your address will be deleted when you’re back online.';
export const SIGN_IN_FOR_DELIVERY = 'Sign in to have your order delivered.';
export const ADDRESS_SAVED = 'Address saved!';
export const ADDRESS_DELETED = 'Address deleted.';
