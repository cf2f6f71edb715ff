// The fixed twin of module_client_struct.c: the module's own (global) mutex guards
// every update of the client's object. (A mutex inside the client's object would do
// too: see module_object_fixed.c.)
// expect: struct stats.total race-free
// expect: struct stats.calls race-free
// racy-twin: module_client_struct.c
#include <pthread.h>

struct stats { long total; long calls; };

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

void stats_add (struct stats *s, long v)
{
  pthread_mutex_lock (&stats_lock);
  s->total += v;
  s->calls++;
  pthread_mutex_unlock (&stats_lock);
}
