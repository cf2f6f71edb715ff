// A realistic bounded buffer: messages are a tagged union with bitfields, put with a
// deadline (clock_gettime, pthread_cond_timedwait, ETIMEDOUT) and taken with a plain
// wait on a second condition variable; producers are joined in a counted loop, then
// main puts one stop message per consumer and joins the consumers. Messages and
// deadlines are locals filled in by helpers (bbuf_put, bbuf_get, deadline_in).
// expect: q.count race-free
// expect: q.head race-free
// expect: q.tail race-free
// expect: q.slots[].kind race-free
// expect: q.slots[].urgent race-free
//   (urgent and producer, adjacent bit-fields, are one location: C11 makes them one memory location)
// expect: q.slots[].u race-free
// expect: timeouts race-free
// expect: verbose race-free
// expect: stderr race-free
// expect: consumed[] race-free
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CAPACITY 16
#define NPRODUCERS 3
#define NCONSUMERS 2

enum msg_kind { MSG_INT, MSG_TEXT, MSG_STOP };

struct msg
{
  enum msg_kind kind;
  unsigned urgent : 1;
  unsigned producer : 7;
  union
  {
    int64_t num;
    char text[24];
  } u;
};

struct bbuf
{
  struct msg slots[CAPACITY];
  size_t head, tail, count;
  pthread_mutex_t mu;
  pthread_cond_t not_empty, not_full;
};

static struct bbuf q = {
  .mu = PTHREAD_MUTEX_INITIALIZER,
  .not_empty = PTHREAD_COND_INITIALIZER,
  .not_full = PTHREAD_COND_INITIALIZER,
};

static unsigned long consumed[NCONSUMERS];
static unsigned long timeouts;            /* updated under q.mu */
static volatile int verbose = 1;          /* only read by the threads */

static void
deadline_in (struct timespec *ts, long ms)
{
  clock_gettime (CLOCK_REALTIME, ts);
  ts->tv_sec += ms / 1000;
  ts->tv_nsec += (ms % 1000) * 1000000L;
  if (ts->tv_nsec >= 1000000000L)
    {
      ts->tv_sec++;
      ts->tv_nsec -= 1000000000L;
    }
}

/* Returns 0, or ETIMEDOUT when the buffer stayed full. */
static int
bbuf_put (struct bbuf *b, const struct msg *m, long timeout_ms)
{
  struct timespec ts;
  int rc = 0;

  deadline_in (&ts, timeout_ms);
  pthread_mutex_lock (&b->mu);
  while (b->count == CAPACITY && rc == 0)
    rc = pthread_cond_timedwait (&b->not_full, &b->mu, &ts);
  if (rc == ETIMEDOUT)
    {
      timeouts++;
      pthread_mutex_unlock (&b->mu);
      return rc;
    }
  b->slots[b->tail] = *m;
  b->tail = (b->tail + 1) % CAPACITY;
  b->count++;
  pthread_cond_signal (&b->not_empty);
  pthread_mutex_unlock (&b->mu);
  return 0;
}

static void
bbuf_get (struct bbuf *b, struct msg *out)
{
  pthread_mutex_lock (&b->mu);
  while (b->count == 0)
    pthread_cond_wait (&b->not_empty, &b->mu);
  *out = b->slots[b->head];
  b->head = (b->head + 1) % CAPACITY;
  b->count--;
  pthread_cond_signal (&b->not_full);
  pthread_mutex_unlock (&b->mu);
}

static void *
producer (void *arg)
{
  unsigned id = (unsigned) (uintptr_t) arg;
  struct msg m;

  for (int i = 0; i < 100; i++)
    {
      memset (&m, 0, sizeof m);
      m.producer = id;
      m.urgent = (i % 10) == 0;
      if (i % 3 == 0)
        {
          m.kind = MSG_TEXT;
          snprintf (m.u.text, sizeof m.u.text, "p%u-%d", id, i);
        }
      else
        {
          m.kind = MSG_INT;
          m.u.num = (int64_t) id * 1000 + i;
        }
      if (bbuf_put (&q, &m, 50) == ETIMEDOUT && verbose)
        fprintf (stderr, "producer %u: timeout\n", id);
    }
  return NULL;
}

static void *
consumer (void *arg)
{
  unsigned id = (unsigned) (uintptr_t) arg;
  struct msg m;
  int64_t sum = 0;

  for (;;)
    {
      bbuf_get (&q, &m);
      if (m.kind == MSG_STOP)
        break;
      if (m.kind == MSG_INT)
        sum += m.u.num;
      else if (verbose > 1)
        printf ("consumer %u: %s%s\n", id, m.u.text, m.urgent ? " (urgent)" : "");
      consumed[id]++;
    }
  return (void *) (intptr_t) sum;
}

int
main (void)
{
  pthread_t prod[NPRODUCERS], cons[NCONSUMERS];
  struct msg stop = { .kind = MSG_STOP };
  int64_t total = 0;

  for (uintptr_t i = 0; i < NCONSUMERS; i++)
    pthread_create (&cons[i], NULL, consumer, (void *) i);
  for (uintptr_t i = 0; i < NPRODUCERS; i++)
    pthread_create (&prod[i], NULL, producer, (void *) i);
  for (int i = 0; i < NPRODUCERS; i++)
    pthread_join (prod[i], NULL);
  for (int i = 0; i < NCONSUMERS; i++)
    while (bbuf_put (&q, &stop, 1000) != 0)
      ;
  for (int i = 0; i < NCONSUMERS; i++)
    {
      void *ret;
      pthread_join (cons[i], &ret);
      total += (int64_t) (intptr_t) ret;
    }
  printf ("total %lld, consumed %lu+%lu, timeouts %lu\n", (long long) total,
          consumed[0], consumed[1], timeouts);
  return 0;
}
