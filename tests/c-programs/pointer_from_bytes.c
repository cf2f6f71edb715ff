// Bytes a library function writes over a pointer (read, fread, recv into a struct
// holding one) make it point anywhere: the workers receive a message whose pointer
// field they then write through, which may be the published counter main writes.
// Before, the pointer kept its old value (null), and the write was lost.
// expect: counter RACE
// expect: stdin race-free
// fixed-twin: pointer_from_bytes_fixed.c
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;
int *published = &counter;

struct message {
  int kind;
  int *target;
};

static void *
from_fd (void *arg)
{
  struct message m = { 0, NULL };
  if (read (0, &m, sizeof m) == (ssize_t) sizeof m && m.target)
    *m.target = m.kind;
  return arg;
}

static void *
from_stream (void *arg)
{
  struct message m[2] = { { 0, NULL }, { 0, NULL } };
  if (fread (m, sizeof m[0], 2, stdin) == 2)
    (*m[1].target)++;
  return arg;
}

static void *
from_socket (void *arg)
{
  struct message m = { 0, NULL };
  if (recv (3, &m, sizeof m, 0) > 0)
    m.target[0] = 1;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, from_fd, NULL);
  pthread_create (&t, NULL, from_stream, NULL);
  pthread_create (&t, NULL, from_socket, NULL);
  counter = 5;
  return 0;
}
