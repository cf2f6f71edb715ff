// A realistic thread pool: a FIFO work queue of malloc'd tasks (function pointer and
// argument), a shutdown flag, two condition variables (work available, all done),
// `goto` error handling in pool_init, a static inline helper; main submits jobs,
// waits for the pool to drain, reads the totals, shuts the pool down and joins.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: the_pool.head race-free
// expect: the_pool.tail race-free
// expect: the_pool.pending race-free
// expect: the_pool.active race-free
// expect: the_pool.shutdown race-free
// expect: the_pool.threads[] race-free
// expect: stderr race-free
// expect: strerror() state race-free
// expect: heap@real_threadpool.c:166.fn race-free
// expect: heap@real_threadpool.c:166.arg race-free
// expect: heap@real_threadpool.c:166.next race-free
// known-gap: heap@real_threadpool.c:166.fn RACE: objects of one allocation site are one
//   location: a worker frees the task it popped while another reads its own task
// known-gap: heap@real_threadpool.c:166.arg RACE: one location per allocation site (as above)
// known-gap: heap@real_threadpool.c:166.next RACE: one location per allocation site (as above)
// expect: the_pool.completed race-free
// known-gap: the_pool.completed RACE: main reads it after pool_wait saw active == 0 and an
//   empty queue under the lock: ordered by the values read, which the model does not keep
// expect: total race-free
// known-gap: total RACE: as the_pool.completed: every task has added to it before pool_wait returns
// expect: results[] race-free
// known-gap: results[] RACE: each task writes its own element, but an array is one location
// expect: static@main:jobs[].index race-free
// known-gap: static@main:jobs[].index RACE: main fills element i while workers read earlier
//   elements; an array is one location
// expect: static@main:jobs[].n race-free
// known-gap: static@main:jobs[].n RACE: as static@main:jobs[].index
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define POOL_THREADS 4
#define MAX_163S 64

typedef void (*task_fn) (void *arg);

struct task
{
  task_fn fn;
  void *arg;
  struct task *next;
};

struct pool
{
  pthread_mutex_t lock;
  pthread_cond_t has_work;
  pthread_cond_t all_done;
  struct task *head, *tail;
  unsigned pending;
  unsigned active;
  bool shutdown;
  pthread_t threads[POOL_THREADS];
  unsigned long completed;
};

static struct pool the_pool;

/* results written by the tasks: each task owns one slot */
static long results[MAX_163S];
static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static inline bool
queue_empty (const struct pool *p)
{
  return p->head == NULL;
}

static struct task *
queue_pop (struct pool *p)
{
  struct task *t = p->head;
  if (t)
    {
      p->head = t->next;
      if (!p->head)
        p->tail = NULL;
      p->pending--;
    }
  return t;
}

static void *
worker_main (void *arg)
{
  struct pool *p = arg;

  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      while (queue_empty (p) && !p->shutdown)
        pthread_cond_wait (&p->has_work, &p->lock);
      if (p->shutdown && queue_empty (p))
        {
          pthread_mutex_unlock (&p->lock);
          break;
        }
      struct task *t = queue_pop (p);
      p->active++;
      pthread_mutex_unlock (&p->lock);

      t->fn (t->arg);
      free (t);

      pthread_mutex_lock (&p->lock);
      p->active--;
      p->completed++;
      if (p->active == 0 && queue_empty (p))
        pthread_cond_broadcast (&p->all_done);
      pthread_mutex_unlock (&p->lock);
    }
  return NULL;
}

static int
pool_init (struct pool *p)
{
  int err;
  unsigned i;

  memset (p, 0, sizeof *p);
  if ((err = pthread_mutex_init (&p->lock, NULL)) != 0)
    return err;
  if ((err = pthread_cond_init (&p->has_work, NULL)) != 0)
    goto fail_lock;
  if ((err = pthread_cond_init (&p->all_done, NULL)) != 0)
    goto fail_cond;
  for (i = 0; i < POOL_THREADS; i++)
    {
      err = pthread_create (&p->threads[i], NULL, worker_main, p);
      if (err != 0)
        goto fail_threads;
    }
  return 0;

fail_threads:
  pthread_mutex_lock (&p->lock);
  p->shutdown = true;
  pthread_cond_broadcast (&p->has_work);
  pthread_mutex_unlock (&p->lock);
  while (i-- > 0)
    pthread_join (p->threads[i], NULL);
  pthread_cond_destroy (&p->all_done);
fail_cond:
  pthread_cond_destroy (&p->has_work);
fail_lock:
  pthread_mutex_destroy (&p->lock);
  return err;
}

static int
pool_submit (struct pool *p, task_fn fn, void *arg)
{
  struct task *t = malloc (sizeof *t);
  if (!t)
    return ENOMEM;
  t->fn = fn;
  t->arg = arg;
  t->next = NULL;

  pthread_mutex_lock (&p->lock);
  if (p->shutdown)
    {
      pthread_mutex_unlock (&p->lock);
      free (t);
      return ECANCELED;
    }
  if (p->tail)
    p->tail->next = t;
  else
    p->head = t;
  p->tail = t;
  p->pending++;
  pthread_cond_signal (&p->has_work);
  pthread_mutex_unlock (&p->lock);
  return 0;
}

static void
pool_wait (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  while (!queue_empty (p) || p->active > 0)
    pthread_cond_wait (&p->all_done, &p->lock);
  pthread_mutex_unlock (&p->lock);
}

static void
pool_destroy (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->shutdown = true;
  pthread_cond_broadcast (&p->has_work);
  pthread_mutex_unlock (&p->lock);
  for (unsigned i = 0; i < POOL_THREADS; i++)
    pthread_join (p->threads[i], NULL);
  pthread_cond_destroy (&p->has_work);
  pthread_cond_destroy (&p->all_done);
  pthread_mutex_destroy (&p->lock);
}

struct job
{
  int index;
  long n;
};

static void
sum_squares (void *arg)
{
  struct job *j = arg;
  long s = 0;
  for (long k = 1; k <= j->n; k++)
    s += k * k;
  results[j->index] = s;
  pthread_mutex_lock (&total_lock);
  total += s;
  pthread_mutex_unlock (&total_lock);
}

int
main (int argc, char **argv)
{
  static struct job jobs[MAX_163S];
  int ntasks = argc > 1 ? atoi (argv[1]) : 16;
  int err;

  if (ntasks <= 0 || ntasks > MAX_163S)
    {
      fprintf (stderr, "usage: %s [1..%d]\n", argv[0], MAX_163S);
      return 2;
    }
  if ((err = pool_init (&the_pool)) != 0)
    {
      fprintf (stderr, "pool_init: %s\n", strerror (err));
      return 1;
    }
  for (int i = 0; i < ntasks; i++)
    {
      jobs[i].index = i;
      jobs[i].n = 1000 + i;
      if ((err = pool_submit (&the_pool, sum_squares, &jobs[i])) != 0)
        fprintf (stderr, "submit: %s\n", strerror (err));
    }
  pool_wait (&the_pool);
  printf ("completed %lu tasks, total %ld\n",
          the_pool.completed, total);
  pool_destroy (&the_pool);
  for (int i = 0; i < ntasks; i++)
    printf ("%d: %ld\n", i, results[i]);
  return 0;
}
