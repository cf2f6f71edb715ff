/* test-c-points: the C front end's points-to analysis on small programs, each
 * compared as the whole dump of its non-empty sets (rf_c_points_to_string).
 *
 * Programs are written to a temporary directory as t.c and parsed from there; main's
 * parameters point anywhere; calls to functions without a body other than malloc
 * and friends, the pthread_* and sem_* functions and the analysis' own table are
 * unknown code. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>
#include "rf-c.h"
#include "c-ast.h"
#include "rf-c-points.h"

/* The dump of TEXT's sets; TEXT must parse without any diagnostic. */
static char *
points_of (const char *text)
{
  char *dir = g_dir_make_tmp ("rf-pts-XXXXXX", NULL);
  assert_non_null (dir);
  g_autofree char *path = g_build_filename (dir, "t.c", NULL);
  assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autofree char *cwd = g_get_current_dir ();
  assert_int_equal (g_chdir (dir), 0);
  const char *files[] = { "t.c", NULL };
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfCUnit) unit = rf_c_parse_files (files, NULL, diags, NULL);
  assert_int_equal (g_chdir (cwd), 0);
  g_remove (path);
  g_rmdir (dir);
  g_free (dir);
  assert_non_null (unit);
  assert_int_equal (rf_diags_n_errors (diags), 0);
  g_autoptr (GPtrArray) started = g_ptr_array_new ();
  for (guint i = 0; i < unit->files->len; i++)
    {
      CFile *f = g_ptr_array_index (unit->files, i);
      for (guint j = 0; j < f->items->len; j++)
        {
          CDecl *d = g_ptr_array_index (f->items, j);
          if (d->kind == C_DECL_FUNC && d->body && strcmp (d->name, "main") == 0)
            g_ptr_array_add (started, d);
        }
    }
  RfCPointsOptions opts = { .started = started };
  g_autoptr (RfCTypes) ty = rf_c_types_new ();
  g_autoptr (RfCPoints) pts = rf_c_points_analyse (unit, ty, &opts);
  return rf_c_points_to_string (pts);
}

#define CHECK(text, expected)                     \
  do                                              \
    {                                             \
      g_autofree char *got_ = points_of (text);   \
      assert_string_equal (got_, expected);       \
    }                                             \
  while (0)

/* The start routine's parameter gets pthread_create's argument; a local copy of it
 * and a field reached through it follow. */
static void
test_thread_argument (void **state)
{
  (void) state;
  CHECK ("#include <pthread.h>\n"
         "struct acct { pthread_mutex_t m; int bal; };\n"
         "struct acct a, b;\n"
         "static void *worker (void *arg) {\n"
         "  struct acct *p = arg;\n"
         "  pthread_mutex_t *l = &p->m;\n"
         "  pthread_mutex_lock (l);\n"
         "  p->bal++;\n"
         "  pthread_mutex_unlock (l);\n"
         "  return 0;\n"
         "}\n"
         "int main (void) {\n"
         "  pthread_t t;\n"
         "  struct acct *q = &b;\n"
         "  q->bal = 1;\n"
         "  pthread_create (&t, 0, worker, &a);\n"
         "  return 0;\n"
         "}\n",
         "main:q -> {b}\n"
         "worker:arg -> {a}\n"
         "worker:l -> {a.m}\n"
         "worker:p -> {a}\n");
}


/* Struct copies and memcpy copy each pointer field to the same field; a copy made
 * of characters loses the pointers (smashed: every load from it is unknown). */
static void
test_copies (void **state)
{
  (void) state;
  CHECK ("void *memcpy (void *, const void *, unsigned long);\n"
         "struct counter { int n; };\n"
         "struct counter x, y;\n"
         "struct holder { struct counter *p, *q; int k; };\n"
         "struct holder h1 = { &x, &y, 0 }, h2, h3, h4;\n"
         "static void bytes (void *d, const void *s, unsigned long n) {\n"
         "  char *dd = d; const char *ss = s;\n"
         "  while (n--) *dd++ = *ss++;\n"
         "}\n"
         "int main (void) {\n"
         "  h2 = h1;\n"
         "  memcpy (&h3, &h1, sizeof h1);\n"
         "  bytes (&h4, &h1, sizeof h1);\n"
         "  return 0;\n"
         "}\n",
         "bytes:d -> {h4}\n"
         "bytes:dd -> {h4}\n"
         "bytes:s -> {h1}\n"
         "bytes:ss -> {h1}\n"
         "h1.p -> {x}\n"
         "h1.q -> {y}\n"
         "h2.p -> {x}\n"
         "h2.q -> {y}\n"
         "h3.p -> {x}\n"
         "h3.q -> {y}\n"
         "h4: smashed\n");
}

/* What the analysis cannot follow is unknown (`?`): results of code without a body,
 * what such code gets a pointer to (tainted), an integer read as a pointer through a
 * union (smashed) or a cast, main's argc (its argv points to the program's arguments). */
static void
test_unknown (void **state)
{
  (void) state;
  CHECK ("struct counter { int n; struct counter *next; };\n"
         "struct counter x, y;\n"
         "extern void *launder (void *p);\n"
         "extern void fill (struct counter **out);\n"
         "union pun { unsigned long bits; struct counter *p; } u;\n"
         "struct counter *a, *b, *c, *d, *e;\n"
         "int main (int argc, char **argv) {\n"
         "  (void) argc; (void) argv;\n"
         "  a = launder (&x);\n"
         "  fill (&b);\n"
         "  e = b;\n"
         "  u.bits = (unsigned long) &y;\n"
         "  c = u.p;\n"
         "  d = (struct counter *) 4096;\n"
         "  return 0;\n"
         "}\n",
         "a -> {?}\n"
         "argv[] -> {argv strings}\n"
         "c -> {?}\n"
         "d -> {?}\n"
         "e -> {?}\n"
         "main:argc -> {?}\n"
         "main:argv -> {argv[]}\n"
         "x: tainted\n"
         "b: tainted\n"
         "y: tainted\n"
         "u: smashed\n");
}

/* Calls bind parameters and results; a call through a table of function pointers
 * reaches exactly the functions stored in it. */
static void
test_functions (void **state)
{
  (void) state;
  CHECK ("struct counter { int n; };\n"
         "struct counter x, y;\n"
         "static struct counter *pick (struct counter *c) { return c; }\n"
         "static struct counter *other (struct counter *c) { (void) c; return &y; }\n"
         "static struct counter *(*const table[]) (struct counter *) = { pick, other };\n"
         "static struct counter *unused (struct counter *c) { return c; }\n"
         "struct counter *r;\n"
         "int main (void) {\n"
         "  struct counter *(*f) (struct counter *) = unused;\n"
         "  (void) f;\n"
         "  r = table[1] (&x);\n"
         "  return 0;\n"
         "}\n",
         "main:f -> {unused()}\n"
         "other:c -> {x}\n"
         "pick:c -> {x}\n"
         "r -> {x, y}\n"
         "table[] -> {other(), pick()}\n");
}

/* Heap objects are named by allocation site (untyped here: one cell each); realloc
 * gives its own site or its argument's object, holding the argument's pointers;
 * strchr and strtol's end pointer point into their argument. */
static void
test_heap_and_library (void **state)
{
  (void) state;
  CHECK ("void *malloc (unsigned long);\n"
         "void *realloc (void *, unsigned long);\n"
         "char *strchr (const char *, int);\n"
         "long strtol (const char *, char **, int);\n"
         "struct counter { int n; };\n"
         "struct node { struct node *next; struct counter *c; };\n"
         "struct counter x;\n"
         "struct node *head;\n"
         "char *tail;\n"
         "long v;\n"
         "int main (void) {\n"
         "  for (int i = 0; i < 3; i++) {\n"
         "    struct node *n = malloc (sizeof *n);\n"
         "    n->next = head;\n"
         "    n->c = &x;\n"
         "    head = n;\n"
         "  }\n"
         "  head = realloc (head, 2 * sizeof *head);\n"
         "  char buf[8] = \"a:b\";\n"
         "  tail = strchr (buf, ':');\n"
         "  char *end;\n"
         "  v = strtol (buf, &end, 10);\n"
         "  return 0;\n"
         "}\n",
         "head -> {heap@t.c:13, heap@t.c:18}\n"
         "heap@t.c:13 -> {heap@t.c:13, heap@t.c:18, x}\n"
         "heap@t.c:18 -> {heap@t.c:13, heap@t.c:18, x}\n"
         "main:end -> {main:buf[]}\n"
         "main:n -> {heap@t.c:13}\n"
         "tail -> {main:buf[]}\n");
}

/* Nested and designated initializers reach their fields (an array is one location);
 * elided braces put every value in the whole object. */
static void
test_initializers (void **state)
{
  (void) state;
  CHECK ("struct counter { int n; };\n"
         "struct counter x, y, z;\n"
         "struct pair { struct counter *first; struct counter *second; };\n"
         "struct table { int k; struct pair pairs[2]; struct counter *all[3]; };\n"
         "struct table t = { 1, { [1] = { .second = &y }, { &x, 0 } }, .all = { &x, &y, &z } };\n"
         "struct pair elided[2] = { &x, &y, &z, 0 };\n"
         "int main (void) { return 0; }\n",
         "elided -> {x, y, z}\n"
         "t.all[] -> {x, y, z}\n"
         "t.pairs[].first -> {x}\n"
         "t.pairs[].second -> {y}\n");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_thread_argument),
    cmocka_unit_test (test_copies),
    cmocka_unit_test (test_unknown),
    cmocka_unit_test (test_functions),
    cmocka_unit_test (test_heap_and_library),
    cmocka_unit_test (test_initializers),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
