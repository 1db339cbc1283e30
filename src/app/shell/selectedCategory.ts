// The category the shopper last chose (ordering.md section 4 "Catalog": the selected category id is kept in session
// storage where available): the home page's carousel opens at it and marks it, so coming back from a category finds
// the menu where the shopper left it. Kept for this tab only, like the sign-in return URL.

const SELECTED_CATEGORY_KEY = 'countertop.selectedCategory';

export function rememberSelectedCategory(categoryId: string): void {
  try {
    window.sessionStorage.setItem(SELECTED_CATEGORY_KEY, categoryId);
  } catch {
    // Storage can be refused (private modes): the carousel then opens at its start.
  }
}

/** The category chosen last in this tab, or null (none yet, or no storage). */
export function selectedCategory(): string | null {
  try {
    return window.sessionStorage.getItem(SELECTED_CATEGORY_KEY);
  } catch {
    return null;
  }
}
