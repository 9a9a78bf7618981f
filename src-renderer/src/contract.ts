// The one place the renderer reaches into the engine's folder: the contract is shared on purpose
// (design.md, "The contract pattern"); everything else in the renderer imports it from here.
export * from '../../src-main/core/contract';
