// A worker locks m, releases it, and locks it again: never twice at once, so the
// second lock waits only for other workers, and no thread waits for itself.
shared count;
lock m;

thread worker [*] {
  acquire m;
  write count;
  release m;
  acquire m;
  write count;
  release m;
}
