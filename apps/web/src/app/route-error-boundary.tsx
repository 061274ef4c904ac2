import { Component, type ReactNode } from 'react';

interface Props {
  /** The location's key: the error shows until the next navigation, as under the data router. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  locationKey: string;
}

/**
 * What React Router's data router showed when a screen threw, or its chunk failed to load (an old
 * build's chunk after a deployment): the error's message instead of an empty page
 * (docs/decisions/020).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      </>
    );
  }
}
