// Racy twin of lock_elem_conn.c: the monitor reads the byte count after it has released
// the connection's mutex.
// expect: heap@lock_elem_conn_unlocked.c:37.sent RACE
// expect: heap@lock_elem_conn_unlocked.c:37.open race-free
// expect-race-at: heap@lock_elem_conn_unlocked.c:37.sent 15 30
// fixed-twin: lock_elem_conn.c
#include <pthread.h>
#include <stdlib.h>

struct conn { pthread_mutex_t lock; long sent; int open; };
static void *serve(void *arg) {
  struct conn *c = arg;
  for (int k = 0; k < 100; k++) {
    pthread_mutex_lock(&c->lock);
    c->sent += 100;
    pthread_mutex_unlock(&c->lock);
  }
  pthread_mutex_lock(&c->lock);
  c->open = 0;
  pthread_mutex_unlock(&c->lock);
  return NULL;
}
static void *monitor(void *arg) {
  struct conn *c = arg;
  long seen = 0;
  pthread_mutex_lock(&c->lock);
  if (c->open)
    seen = 1;
  pthread_mutex_unlock(&c->lock);
  seen += c->sent;
  return (void *) seen;
}
int main(void) {
  int n = 4;
  pthread_t s[4], m[4];
  for (int i = 0; i < n; i++) {
    struct conn *c = malloc(sizeof *c);
    if (!c) return 1;
    pthread_mutex_init(&c->lock, NULL);
    c->sent = 0;
    c->open = 1;
    pthread_create(&s[i], NULL, serve, c);
    pthread_create(&m[i], NULL, monitor, c);
  }
  for (int i = 0; i < n; i++) {
    pthread_join(s[i], NULL);
    pthread_join(m[i], NULL);
  }
  return 0;
}
