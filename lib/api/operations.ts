// The REST operations of no entity, in one list: an entity's operations
// reach the router through its declaration (`rest.operations` in its
// entity.ts); these are declared in their own folders and listed here.
import "server-only";
import { accountOperations } from "../account/rest";
import { deliveryOperation } from "../delivery/rest";
import { dictionaryOperation } from "../dictionaries/rest";
import { blockingOperations } from "../optimization/blocking/rest";
import { optimizationRuleOperations } from "../optimization/rest";
import { partnerSegmentOperations } from "../partner-segments/rest";
import { reportOperations } from "../reports/rest";
import type { RestOperation } from "../rest/operation";

export const OPERATIONS_OF_NO_ENTITY: readonly RestOperation[] = [
  ...accountOperations,
  deliveryOperation,
  ...reportOperations,
  ...optimizationRuleOperations,
  ...blockingOperations,
  ...partnerSegmentOperations,
  dictionaryOperation,
];
