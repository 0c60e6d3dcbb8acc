/**
 * An open transaction as a service sees it. A service never holds the database
 * (docs/decisions/0077-each-table-has-one-owner.md): when a transaction crosses modules (the
 * account deletion's steps, a membership's ending hooks, work done while a membership is held),
 * the service only hands it on to a function of its own repository, which turns it back into
 * the client with `fromTx` (db/client.ts). The brand keeps a service from querying it.
 */

declare const transaction: unique symbol;

export interface Tx {
  readonly [transaction]: true;
}
