// Pattern: thread pool, completion count outside the lock — as thread_pool.c, but workers
// count a finished task after releasing the pool lock.
// expect: tasks[] race-free
// expect: head race-free
// expect: tail race-free
// expect: pending race-free
// expect: shutting_down race-free
// expect: completed RACE
// why: two workers can finish tasks at the same time and both execute `completed++`
//   without a lock. The queue and the shutdown flag are still only touched under pool_lock.
// fixed-twin: thread_pool.c
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 4
#define QSIZE 32

static long tasks[QSIZE];
static int head, tail, pending, shutting_down;
static long completed;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_available = PTHREAD_COND_INITIALIZER;
static pthread_cond_t space_available = PTHREAD_COND_INITIALIZER;

static long run_task (long n)
{
  long r = 0;
  for (long i = 1; i <= n; i++)
    r += i * i;
  return r;
}

static void *worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&pool_lock);
      while (pending == 0 && !shutting_down)
        pthread_cond_wait (&work_available, &pool_lock);
      if (pending == 0 && shutting_down)
        {
          pthread_mutex_unlock (&pool_lock);
          break;
        }
      long task = tasks[head];
      head = (head + 1) % QSIZE;
      pending--;
      pthread_cond_signal (&space_available);
      pthread_mutex_unlock (&pool_lock);

      run_task (task);

      completed++;
    }
  return NULL;
}

static void submit (long task)
{
  pthread_mutex_lock (&pool_lock);
  while (pending == QSIZE)
    pthread_cond_wait (&space_available, &pool_lock);
  tasks[tail] = task;
  tail = (tail + 1) % QSIZE;
  pending++;
  pthread_cond_signal (&work_available);
  pthread_mutex_unlock (&pool_lock);
}

int main (void)
{
  pthread_t workers[NWORKERS];
  for (int i = 0; i < NWORKERS; i++)
    pthread_create (&workers[i], NULL, worker, NULL);
  for (long n = 0; n < 1000; n++)
    submit (n);
  pthread_mutex_lock (&pool_lock);
  shutting_down = 1;
  pthread_cond_broadcast (&work_available);
  pthread_mutex_unlock (&pool_lock);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (workers[i], NULL);
  pthread_mutex_lock (&pool_lock);
  printf ("%ld tasks completed\n", completed);
  pthread_mutex_unlock (&pool_lock);
  return 0;
}
