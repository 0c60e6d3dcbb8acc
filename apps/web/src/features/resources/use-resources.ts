import { useEffect, useState } from 'react';
import {
  readResources,
  subscribeResources,
  type Resource,
  type ResourceOwner,
} from './resources-store';

/** The resources list for `user`, re-read after every change in this tab or another. */
export function useResources(user: ResourceOwner | null | undefined): Resource[] {
  const [list, setList] = useState(() => readResources(user));
  useEffect(() => {
    setList(readResources(user));
    return subscribeResources(() => setList(readResources(user)));
  }, [user]);
  return list;
}
