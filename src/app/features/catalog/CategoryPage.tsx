// The items of one category (ordering.md section 2, /categories/{categoryId}); an unknown category redirects to /.
import { Suspense, useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { useSharedParts } from '../../shell/sharedParts';
import { categoryItems } from './categoryItems';
import { ItemGrid } from './ItemGrid';
import './catalog.css';
import { sameId } from '../../../domain/ids';
import { rememberSelectedCategory } from '../../shell/selectedCategory';

/** The category by id; ids from a typed or old link may differ in case, as location ids may (ordering.md section 5). */
function findCategory<C extends { readonly Id: string }>(categories: readonly C[], id: string): C | undefined {
  return categories.find((c) => c.Id === id) ?? categories.find((c) => sameId(c.Id, id));
}

export function CategoryPage() {
  const { categoryId = '' } = useParams();
  const views = useViews();
  const { OpenStatus } = useSharedParts();
  const location = useView(views.location);
  const category = location ? findCategory(location.categories, categoryId) : undefined;
  const selectedId = category?.Id;
  // The tab's title names the category, so a route change to it announces which (shell/PageFocus.tsx).
  usePageTitle(category?.Name ?? 'Menu');
  // The selected category, kept in session storage (ordering.md section 4): the home carousel opens at it.
  useEffect(() => {
    if (selectedId !== undefined) rememberSelectedCategory(selectedId);
  }, [selectedId]);
  if (!location || !category) return <Navigate to="/" replace />;

  const items = categoryItems(location, category);
  const browsable = location.categories.filter((c) => c.Items.length > 0);

  return (
    <div className="container catalog-page">
      {browsable.length > 1 ? (
        <nav className="catalog-tabs" aria-label="Categories">
          <ul>
            {browsable.map((c) => (
              <li key={c.Id}>
                <Link to={`/categories/${encodeURIComponent(c.Id)}`} className="catalog-tab" aria-current={c.Id === category.Id ? 'page' : undefined}>
                  {c.Name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <header className="catalog-header">
        <h1>{category.Name}</h1>
        {category.Description ? <p className="catalog-description">{category.Description}</p> : null}
        <p className="catalog-count muted">{items.length === 1 ? '1 item' : `${items.length} items`}</p>
        <div className="catalog-status">
          <Suspense fallback={null}>
            <OpenStatus />
          </Suspense>
        </div>
      </header>

      <ItemGrid items={items} currency={location.currency} />
    </div>
  );
}
