// Themes the storefront by the catalog's PrimaryColorCode, with text colours that keep contrast (see domain/theme).
import { useEffect } from 'react';
import { themeOf } from '../../domain/theme';
import { useView } from '../hooks/useView';
import { useViews } from '../runtime/RuntimeContext';

export function ThemeFromCatalog() {
  const catalog = useView(useViews().catalog);
  const color = catalog?.catalog.PrimaryColorCode;
  useEffect(() => {
    const theme = themeOf(color);
    const root = document.documentElement.style;
    root.setProperty('--primary', theme.primary);
    root.setProperty('--on-primary', theme.onPrimary);
    root.setProperty('--primary-strong', theme.primaryStrong);
    root.setProperty('--primary-soft', theme.primarySoft);
  }, [color]);
  return null;
}
