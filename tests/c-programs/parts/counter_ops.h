/* counter_ops.h: a locked increment, found through -I (see include_dir.c). */
#include <pthread.h>

extern long hits;
extern pthread_mutex_t hits_lock;

static inline void count_hit (void)
{
  pthread_mutex_lock (&hits_lock);
  hits++;
  pthread_mutex_unlock (&hits_lock);
}
