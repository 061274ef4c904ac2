/** A refusal of the operator's tool, told to the operator as it is (exit code 1, no stack). */
export class OpsError extends Error {}
