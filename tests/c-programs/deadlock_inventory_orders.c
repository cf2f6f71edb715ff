// deadlock_inventory_orders.c: A restocker thread locks the inventory and then the order book, while a shipper thread locks the order book and then the inventory, so each can end up holding one lock and waiting forever for the other.
// expect: stock race-free
// expect: shipped race-free
// expect: pending race-free
// expect-deadlock: lock order inventory_lock -> orders_lock -> inventory_lock: DEADLOCK
// fixed-twin: deadlock_inventory_orders_fixed.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t inventory_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t orders_lock = PTHREAD_MUTEX_INITIALIZER;

static int stock = 50;      /* guarded by inventory_lock */
static int pending = 0;     /* guarded by orders_lock */
static int shipped = 0;     /* guarded by orders_lock */

static void acquire(pthread_mutex_t *m) { pthread_mutex_lock(m); }
static void release(pthread_mutex_t *m) { pthread_mutex_unlock(m); }

static void *restocker(void *arg)
{
    (void)arg;
    for (int round = 0; round < 1000; round++) {
        acquire(&inventory_lock);
        acquire(&orders_lock);
        if (pending > stock)
            stock += 10;
        release(&orders_lock);
        release(&inventory_lock);
    }
    return NULL;
}

static void *shipper(void *arg)
{
    (void)arg;
    for (int round = 0; round < 1000; round++) {
        acquire(&orders_lock);
        pending++;
        acquire(&inventory_lock);
        if (stock > 0) {
            stock--;
            pending--;
            shipped++;
        }
        release(&inventory_lock);
        release(&orders_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t r, s;

    pthread_create(&r, NULL, restocker, NULL);
    pthread_create(&s, NULL, shipper, NULL);
    pthread_join(r, NULL);
    pthread_join(s, NULL);
    printf("stock %d, shipped %d, pending %d\n", stock, shipped, pending);
    return 0;
}
