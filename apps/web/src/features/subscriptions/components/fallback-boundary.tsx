import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shows `fallback` instead of children that failed to render (e.g. a payment button that could not start). */
export class FallbackBoundary extends Component<
  { fallback: ReactNode; children: ReactNode; onError?: (error: unknown, info: ErrorInfo) => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
