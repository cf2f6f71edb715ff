// Second translation unit of multi_file.c: the statistics module.
#include <pthread.h>

int total;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

void stats_add (int n)
{
  pthread_mutex_lock (&stats_lock);
  total += n;
  pthread_mutex_unlock (&stats_lock);
}

int stats_peek (void)
{
  return total;
}
