-- Every batch of usage reports adds to its hosts' daily rollups (ON CONFLICT DO UPDATE), dozens of
-- times a day per row. Room left in each page lets those updates stay on the page (HOT updates, no
-- new index entries), so the usage screen's read of a year of rollups does not wade through dead
-- versions. The primary key (subscription_id, day, hostname) serves every read by subscription; the
-- index on subscription_id alone only cost each update a write.
ALTER TABLE "usage_rollups" SET (fillfactor = 50);
DROP INDEX "usage_rollups_sub_idx";
