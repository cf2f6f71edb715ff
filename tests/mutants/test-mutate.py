#!/usr/bin/env python3
"""Unit tests of tools/mutate's mutant generator: which pairs and statements it finds,
the mutated sources (whole), and each skip rule. No racefree, no gcc.

Usage: test-mutate.py TOOLS_MUTATE
"""
import importlib.machinery
import importlib.util
import sys
import textwrap
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
loader = importlib.machinery.SourceFileLoader("mutate", sys.argv.pop(1))
spec = importlib.util.spec_from_loader("mutate", loader)
mutate = importlib.util.module_from_spec(spec)
loader.exec_module(mutate)

PRELUDE = "#include <pthread.h>\n"


def src(body, expect="// expect: x race-free\n// expect: y race-free\n"):
    return expect + PRELUDE + textwrap.dedent(body)


def plan(text):
    header, why, muts = mutate.plan("t.c", text)
    for m in muts:
        if m.source is not None:
            assert m.source.count("\n") == text.count("\n"), "line numbers moved in " + m.label
    return why, muts


def table(muts):
    """label -> skip reason, or 'run' for a mutant that is run."""
    return [(m.label, m.skip or "run") for m in muts]


COUNTER = src("""\
    int x, y;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    static void *inc (void *arg)
    {
      (void) arg;
      pthread_mutex_lock (&m);
      x = x + 1;
      if (x > 3)
        y = 0;
      pthread_mutex_unlock (&m);
      return NULL;
    }
    int main (void)
    {
      pthread_t t;
      for (;;)
        pthread_create (&t, NULL, inc, NULL);
    }
    """)


class Generation(unittest.TestCase):
    def test_delete_and_moves(self):
        why, muts = plan(COUNTER)
        self.assertIsNone(why)
        self.assertEqual(table(muts), [("delete-pair 9-13", "run"), ("move 10 past unlock 13", "run"),
                                       ("move 11-12 past unlock 13", "run")])
        self.assertEqual(muts[0].source, COUNTER.replace(
            "  pthread_mutex_lock (&m);", "  ; /* mutant: removed pthread_mutex_lock (&m) */").replace(
            "  pthread_mutex_unlock (&m);", "  ; /* mutant: removed pthread_mutex_unlock (&m) */"))
        self.assertEqual(muts[2].source, COUNTER.replace(
            "  if (x > 3)\n    y = 0;\n  pthread_mutex_unlock (&m);",
            "  ; /* mutant: moved below line 13 */\n\n  pthread_mutex_unlock (&m); if (x > 3) y = 0;"))
        self.assertEqual(muts[0].reach, [(9, 13, None)])
        self.assertEqual(muts[1].reach, [(13, 13, len("  pthread_mutex_unlock (&m);") + 1)])

    def test_rwlock_and_spin(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
            pthread_spinlock_t s;
            void get (void) { pthread_rwlock_rdlock (&rw); y = x; pthread_rwlock_unlock (&rw); }
            void put (void) { (void) pthread_rwlock_wrlock (&rw); x++; pthread_rwlock_unlock (&rw); }
            void spin (void) { pthread_spin_lock (&s); y++; pthread_spin_unlock (&s); }
            """))
        self.assertEqual(table(muts), [("delete-pair 7-7", "run"), ("delete-pair 8-8", "run"),
                                       ("delete-pair 9-9", "run")])

    def test_wrappers_and_early_exit(self):
        text = src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            struct q { pthread_mutex_t lock; int n; };
            static void lock (void) { if (pthread_mutex_lock (&m) != 0) y = -1; }
            static void unlock (void) { pthread_mutex_unlock (&m); }
            static void qlock (struct q *p) { pthread_mutex_lock (&p->lock); }
            static void qunlock (struct q *p) { pthread_mutex_unlock (&p->lock); }
            int add (struct q *a, struct q *b)
            {
              lock ();
              if (x == 8)
                {
                  unlock ();
                  return -1;
                }
              x++;
              unlock ();
              qlock (a);
              a->n++;
              qunlock (b);
              return 0;
            }
            """)
        why, muts = plan(text)
        self.assertEqual(table(muts), [
            ("delete-pair 13-20 (+16)", "run"),
            ("move 19 past unlock 20", "run"),
            ("21 (no unlock)", "no matching unlock of qlock (a) later in the same block")])
        for call in ("lock ();", "unlock ();"):
            self.assertEqual(muts[0].source.count("; /* mutant: removed %s */" % call[:-1]),
                             2 if call == "unlock ();" else 1)

    def test_comments_and_literals_are_not_code(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            #define LOCKED(s) \\
              pthread_mutex_lock (&m); s; pthread_mutex_unlock (&m);
            const char *doc = "pthread_mutex_lock (&m); /* x */";
            char q = '"', e = '\\'';
            void f (void)
            {
              // pthread_mutex_lock (&m);
              /* pthread_mutex_lock (&m); */
              x = q + e;
            }
            """))
        self.assertEqual((why, muts), ("no lock/unlock pair", []))

    def test_condition_wait(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, other = PTHREAD_MUTEX_INITIALIZER;
            pthread_cond_t c = PTHREAD_COND_INITIALIZER;
            static void wait_x (void) { while (!x) pthread_cond_wait (&c, &m); }
            void a (void) { pthread_mutex_lock (&m); while (!x) pthread_cond_wait (&c, &m); y++; pthread_mutex_unlock (&m); }
            void b (void) { pthread_mutex_lock (&m); while (!x) pthread_cond_wait (&c, &other); y++; pthread_mutex_unlock (&m); }
            void d (void) { pthread_mutex_lock (&m); wait_x (); y++; pthread_mutex_unlock (&m); }
            """))
        self.assertEqual(table(muts), [
            ("delete-pair 8-8", "pthread_cond_wait (..., &m) inside the section: removing the pair is "
                                "undefined behaviour"),
            ("move 8:81 past unlock 8", "run"),
            ("delete-pair 9-9", "run"),
            ("move 9:85 past unlock 9", "run"),
            ("delete-pair 10-10", "wait_x waits on a condition variable: removing the pair is undefined behaviour"),
            ("move 10:53 past unlock 10", "run")])

    def test_before_any_thread(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            static void setup (void) { pthread_mutex_lock (&m); x = 1; pthread_mutex_unlock (&m); }
            static void shared (void) { pthread_mutex_lock (&m); y = 1; pthread_mutex_unlock (&m); }
            static void start (pthread_t *t);
            static void *work (void *arg) { shared (); return arg; }
            static void start (pthread_t *t) { pthread_create (t, NULL, work, NULL); }
            int main (void)
            {
              pthread_t t;
              setup ();
              shared ();
              pthread_mutex_lock (&m);
              x = 2;
              pthread_mutex_unlock (&m);
              for (int i = 0; i < 3; i++)
                {
                  pthread_mutex_lock (&m);
                  x = 3;
                  pthread_mutex_unlock (&m);
                  start (&t);
                }
              pthread_mutex_lock (&m);
              x = 4;
              pthread_mutex_unlock (&m);
            }
            """))
        pre = "the section runs before any thread is created"
        self.assertEqual(table(muts), [("delete-pair 6-6", pre), ("delete-pair 7-7", "run"),
                                       ("delete-pair 16-18", pre), ("delete-pair 21-23", "run"),
                                       ("delete-pair 26-28", "run")])

    def test_goto_in_main_defeats_the_rule(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            static void *work (void *arg) { pthread_mutex_lock (&m); x++; pthread_mutex_unlock (&m); return arg; }
            int main (void)
            {
              pthread_t t;
             again:
              pthread_mutex_lock (&m);
              x = 2;
              pthread_mutex_unlock (&m);
              pthread_create (&t, NULL, work, NULL);
              goto again;
            }
            """))
        self.assertEqual(table(muts), [("delete-pair 6-6", "run"), ("delete-pair 11-13", "run")])

    def test_init_and_entries(self):
        why, muts = plan(src("""\
            int x, y;
            static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            static void reset (void) { pthread_mutex_lock (&m); x = 0; pthread_mutex_unlock (&m); }
            void init (void) { reset (); pthread_mutex_lock (&m); y = 0; pthread_mutex_unlock (&m); }
            void put (void) { pthread_mutex_lock (&m); x++; pthread_mutex_unlock (&m); }
            """, "// args: --init init --entry put\n// expect: x race-free\n"))
        pre = "the section runs before any thread is created"
        self.assertEqual(table(muts), [("delete-pair 6-6", pre), ("delete-pair 7-7", pre),
                                       ("delete-pair 8-8", "run")])

    def test_shared_data(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            extern void log_it (void);
            static int twice (int v) { return 2 * v; }
            static int local_only (int v) { return v + 1; }
            void f (int v, int *p)
            {
              pthread_mutex_lock (&m);
              v = local_only (v);
              pthread_mutex_unlock (&m);
              pthread_mutex_lock (&m);
              log_it ();
              pthread_mutex_unlock (&m);
              pthread_mutex_lock (&m);
              v = p[0];
              pthread_mutex_unlock (&m);
              pthread_mutex_lock (&m);
              v = twice (v);
              pthread_mutex_unlock (&m);
            }
            """))
        self.assertEqual(table(muts), [("delete-pair 11-13", "the section touches no shared data"),
                                       ("delete-pair 14-16", "run"), ("delete-pair 17-19", "run"),
                                       ("delete-pair 20-22", "run")])

    def test_move_rules(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;
            int f (void)
            {
              pthread_mutex_lock (&m);
              int a = x;
              int b = y;
              x = b;
              #ifdef NEVER
              y++;
              #endif
              y = y +
            #ifdef ONE
                1
            #else
                2
            #endif
                ;
              pthread_mutex_lock (&n);
              x++;
              y++;
              pthread_mutex_unlock (&n);
              pthread_mutex_unlock (&m);
              return a;
            }
            """))
        inner = "after the move it is still inside the section of line 8"
        self.assertEqual(table(muts), [
            ("delete-pair 8-26", "run"),
            ("move 9 past unlock 26", "run"),
            ("move 10 past unlock 26", "it declares b, used later in the section"),
            ("move 11 past unlock 26", "run"),
            ("move 13 past unlock 26", "the statement and the unlock are in different preprocessor conditionals"),
            ("move 15-21 past unlock 26", "the statement spans a preprocessor line"),
            ("move 23 past unlock 26", "run"),
            ("move 24 past unlock 26", "run"),
            ("delete-pair 22-25", "run"),
            ("move 23 past unlock 25", inner),
            ("move 24 past unlock 25", inner)])

    def test_mutant_skip_header(self):
        text = COUNTER.replace("// expect: x", "// mutant-skip: 11 x is only written here\n// expect: x")
        why, muts = plan(text)
        self.assertEqual(table(muts), [("delete-pair 10-14", "run"),
                                       ("move 11 past unlock 14", "mutant-skip: x is only written here"),
                                       ("move 12-13 past unlock 14", "run")])
        why, muts = plan(COUNTER.replace("// expect: x", "// mutant-skip: 10 the whole pair\n// expect: x"))
        self.assertEqual({m.skip for m in muts}, {"mutant-skip: the whole pair"})
        with self.assertRaises(mutate.SourceError):
            plan(COUNTER.replace("// expect: x", "// mutant-skip: 3 nothing there\n// expect: x"))

    def test_unlock_in_another_block(self):
        why, muts = plan(src("""\
            int x, y;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            void f (void)
            {
              pthread_mutex_lock (&m);
              if (x)
                { x = 0; pthread_mutex_unlock (&m); }
              else
                { y = 0; pthread_mutex_unlock (&m); }
            }
            """))
        self.assertEqual(table(muts), [("8 (no unlock)", "no matching unlock of pthread_mutex_lock (&m) later "
                                                          "in the same block")])

    def test_programs_not_mutated(self):
        self.assertEqual(plan(COUNTER.replace("x race-free", "x RACE"))[0], "expects a race on x")
        self.assertEqual(plan("// known-gap: joins\n" + COUNTER)[0], "known-gap: joins")
        self.assertEqual(plan("// expect-exit: 2\n" + COUNTER)[0], "expects exit 2")
        self.assertEqual(plan(PRELUDE)[0], "no expect lines")

    def test_location_names(self):
        h = mutate.Header("// expect: q.head race-free\n// expect: heap@w.c:31.next race-free\n"
                          "// expect: static@f:id race-free\n// expect: buf[] race-free\n"
                          "// expect: struct T.len race-free\n// expect: local@main:total race-free\n"
                          "// expect: literal@c.c:21.hits race-free\n")
        self.assertEqual(h.location_names(), {"q", "head", "next", "id", "buf", "len", "total", "hits"})


if __name__ == "__main__":
    unittest.main(verbosity=1)
