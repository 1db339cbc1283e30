// A category's items as the location indexes them, in the category's order; one listed but not indexed is left out.
import type { IndexedItem, LocationCatalog } from '../../../domain/catalog/catalogIndex';

export function categoryItems(location: LocationCatalog, category: LocationCatalog['categories'][number]): IndexedItem[] {
  return category.Items.flatMap((listed) => {
    const indexed = location.items.get(listed.Id);
    return indexed ? [indexed] : [];
  });
}
