import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the failed children; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** A change of this value (the path, say) clears the error, so moving on recovers. */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Catches a render error (or a lazy chunk that failed to download) in its children and shows the
 * fallback instead, so one failing section does not blank the whole page. React only offers this
 * as a class component.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  /** The resetKey the error happened under: only a different key should clear it. */
  private failedKey: unknown = undefined;

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch() {
    this.failedKey = this.props.resetKey;
  }

  override componentDidUpdate() {
    if (this.state.failed && !Object.is(this.props.resetKey, this.failedKey)) this.reset();
  }

  reset = () => this.setState({ failed: false, error: undefined });

  override render() {
    return this.state.failed
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children;
  }
}
