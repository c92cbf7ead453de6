import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './route-error.tsx';

type BoundaryProps = { inShell: boolean; children: ReactNode };

class Boundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <RouteError inShell={this.props.inShell} /> : this.props.children;
  }
}

/**
 * What a route shows when its page failed to load or to render. Keyed by the path, so that moving
 * to another page (or back) tries again instead of keeping the error, as a router's error element does.
 */
export function RouteErrorBoundary({ inShell = false, children }: { inShell?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname} inShell={inShell}>
      {children}
    </Boundary>
  );
}
