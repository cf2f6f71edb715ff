// misuse_join_self_global_fixed.c: misuse_join_self_global.c fixed: the worker hands its
// work to a successor it starts into the same global handle, and joins that successor
// (not itself); main waits on a semaphore for the worker to be done. racefree sees a
// thread started into g_worker join g_worker, but the replay shows the handle holds
// the successor: unknown, never shown. The worker waits for main to post `started`
// after its pthread_create has returned, so main's store of the handle comes first.
// expect: g_worker race-free
// expect: produced race-free
// expect-deadlock: self-join g_worker: unknown
// mutants: none: a join misuse test: its accesses are ordered by a join or a semaphore, or
//   made by one thread, besides the mutex: a deleted lock section leaves it race-free
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

static pthread_t g_worker;
static sem_t done, started;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int produced;   /* guarded by m */

static void *
successor (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  produced++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
worker (void *arg)
{
  (void) arg;
  sem_wait (&started);
  pthread_create (&g_worker, NULL, successor, NULL);
  pthread_join (g_worker, NULL);
  sem_post (&done);
  return NULL;
}

int
main (void)
{
  sem_init (&done, 0, 0);
  sem_init (&started, 0, 0);
  pthread_create (&g_worker, NULL, worker, NULL);
  sem_post (&started);
  sem_wait (&done);
  pthread_mutex_lock (&m);
  produced++;
  pthread_mutex_unlock (&m);
  return 0;
}
