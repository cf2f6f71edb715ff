// Pattern: publication before initialisation — a producer makes a new message visible in
// the (locked) mailbox and only then fills it in.
// expect: mailbox race-free
// expect: heap@publish_before_init.c:28.id RACE
// expect: heap@publish_before_init.c:28.len RACE
// why: the mailbox pointer is only touched under box_lock, but once the pointer is
//   published a consumer can read the message fields while the producer is still
//   writing them.
// fixed-twin: publish_after_init.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct message
{
  int id;
  int len;
};

static struct message *mailbox;
static pthread_mutex_t box_lock = PTHREAD_MUTEX_INITIALIZER;

static void *producer (void *arg)
{
  (void) arg;
  for (int id = 1; id <= 1000; id++)
    {
      struct message *m = malloc (sizeof *m);
      if (!m)
        return NULL;
      pthread_mutex_lock (&box_lock);
      mailbox = m;
      pthread_mutex_unlock (&box_lock);
      m->id = id;
      m->len = 0;
    }
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&box_lock);
      struct message *m = mailbox;
      pthread_mutex_unlock (&box_lock);
      if (m)
        printf ("message %d (%d bytes)\n", m->id, m->len);
    }
  return NULL;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  return 0;
}
