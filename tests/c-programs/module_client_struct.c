// A module whose entry updates the client's object through its pointer parameter:
// clients may call it on the same object from several threads at once. The client's
// object is named by its type, `struct stats.total` (every client object of type
// `struct stats`, not the untyped `client memory`); the unlocked update races.
// expect: struct stats.total RACE
// expect: struct stats.calls race-free
// fixed-twin: module_client_struct_fixed.c
#include <pthread.h>

struct stats { long total; long calls; };

static pthread_mutex_t calls_lock = PTHREAD_MUTEX_INITIALIZER;

void stats_add (struct stats *s, long v)
{
  s->total += v;
  pthread_mutex_lock (&calls_lock);
  s->calls++;
  pthread_mutex_unlock (&calls_lock);
}
