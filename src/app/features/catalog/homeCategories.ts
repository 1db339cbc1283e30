// The category cards of the home page (ordering.md section 2 "Home"): the location's categories in the catalog sort
// order, without the empty ones, each with the picture it shows.
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';

export interface CategoryCard {
  readonly id: string;
  readonly name: string;
  readonly description: string | undefined;
  /** The category's image, else its first item's that has one; null means the placeholder. */
  readonly imageUrl: string | null;
  readonly itemCount: number;
}

export function homeCategories(location: LocationCatalog): CategoryCard[] {
  return location.categories
    .filter((category) => category.Items.length > 0)
    .map((category) => ({
      id: category.Id,
      name: category.Name,
      description: category.Description,
      // "First item image" is read as the first item that has an image, so one bare item does not hide the others'.
      imageUrl: category.ImageUrl || category.Items.find((item) => item.ImageUrl)?.ImageUrl || null,
      itemCount: category.Items.length,
    }));
}

/** The id of a category's section on the home page in scroll mode, so its in-page anchor (ordering.md section 2). */
export function categorySectionId(categoryId: string): string {
  return `category${categoryId}`;
}
