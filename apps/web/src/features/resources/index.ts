/** Resources: the Resources page and the resource lists other features (the dashboard) read. */
export {
  RESOURCES_UPDATED_EVENT,
  SHARED_RESOURCES_KEY,
  readResources,
  readSharedResources,
  resourcesKeyFor,
  subscribeResources,
} from './resources-store';
export type { Resource, ResourceOwner } from './resources-store';
export { useResources } from './use-resources';
export { RESOURCE_TYPES, safeHref, type ResourceType } from './resource-rules';
export { resourceTypeLabel } from './resource-type';
