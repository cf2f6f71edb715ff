// Pattern: thread pool with a work queue — a fixed set of workers takes tasks from a locked
// queue, runs them, and counts completions; main submits tasks, then shuts the pool down.
// expect: tasks[] race-free
// expect: head race-free
// expect: tail race-free
// expect: pending race-free
// expect: shutting_down race-free
// expect: completed race-free
// why: the queue, the shutdown flag and the completion count are only touched with
//   pool_lock held (by workers and by main); the task itself runs outside the lock but
//   touches only its own argument.
// racy-twin: thread_pool_racy.c
// mutant-skip: 70 only main (the one submitter) touches tail
// mutant-skip: 89 main reads completed after joining every worker: it is the only thread left
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

      pthread_mutex_lock (&pool_lock);
      completed++;
      pthread_mutex_unlock (&pool_lock);
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
