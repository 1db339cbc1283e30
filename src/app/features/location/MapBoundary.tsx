// Keeps the chooser usable when the map's chunk cannot be loaded (offline, a deploy replaced it): the list still works.
import { Component, type ReactNode } from 'react';

export class MapBoundary extends Component<{ readonly fallback: ReactNode; readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
