-- The operator's right moves from bit 4 to bit 1 << 20 (1048576): bits 4, 8 and 16 are now the
-- customers' Billing, Licenses and Developer roles (docs/design.md §5a, docs/decisions/033), and an
-- operator left on bit 4 would read as a billing person and lose the console. Only the operator's
-- tool ever set bit 4, so every person holding it is an operator; the move keeps their other bits.
UPDATE "persons" SET "rights" = ("rights" & ~4) | 1048576 WHERE ("rights" & 4) <> 0;
