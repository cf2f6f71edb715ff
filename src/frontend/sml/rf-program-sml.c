/* rf-program-sml: a program model printed as SML (for `racefree model`).
 *
 * Every CFG node becomes a labelled statement `Lk: ...`; a node with one successor
 * edge prints that operation and a `goto`; a node with several is a chain of
 * `if (*) { op; goto ...; } else ...`; a node with none jumps to the job's end.
 * Names that are not SML identifiers (`q.head`, `buf[]`, `heap@f.c:3`) are mangled
 * (`q_head`, `buf__`, `heap_f_c_3`) and made unique, with the original in a comment.
 * A value variable's move prints as `test v == A;` (A to A) or `set v = B from A;`. */
#include "rf-program-sml.h"

#include <string.h>

static const char *const keywords[] = {
  "shared", "lock", "cond", "main", "thread", "read", "write", "acquire", "release",
  "wait", "signal", "broadcast", "create", "joinall", "skip", "if", "else", "while", "true",
  "goto", "sem", "post", "take", "rwlock", "rdlock", "wrlock", "unlock", "value", "test", "set",
  "of", "from", NULL,
};

/* A unique identifier for NAME (owned); TAKEN: identifiers used so far. */
static char *
mangle (const char *name, GHashTable *taken)
{
  GString *s = g_string_new (NULL);
  for (const char *p = name; *p; p++)
    g_string_append_c (s, g_ascii_isalnum (*p) || *p == '_' ? *p : '_');
  if (s->len == 0 || g_ascii_isdigit (s->str[0]))
    g_string_prepend_c (s, '_');
  if (g_strv_contains (keywords, s->str) || (s->str[0] == 'L' && g_ascii_isdigit (s->str[1])))
    g_string_append_c (s, '_');
  g_autofree char *base = g_strdup (s->str);
  for (guint n = 2; g_hash_table_contains (taken, s->str); n++)
    g_string_printf (s, "%s_%u", base, n);
  g_hash_table_add (taken, g_strdup (s->str));
  return g_string_free (s, FALSE);
}

static const char *
var_keyword (RfVarKind kind)
{
  switch (kind)
    {
    case RF_VAR_DATA: return "shared";
    case RF_VAR_LOCK: return "lock";
    case RF_VAR_COND: return "cond";
    case RF_VAR_SEM: return "sem";
    case RF_VAR_RWLOCK: return "rwlock";
    case RF_VAR_VALUE: return "value";
    }
  g_assert_not_reached ();
}

static void
append_loc (GString *out, RfLoc loc)
{
  if (loc.file && loc.line)
    g_string_append_printf (out, "  // %s:%u", loc.file, loc.line);
}

static void
append_op (GString *out, const RfProgram *prog, const RfEdge *e, char **vars, char **jobs)
{
  switch (e->op)
    {
    case RF_OP_SKIP: g_string_append (out, "skip;"); break;
    case RF_OP_SLEEP: g_string_append (out, "skip; /* sleep */"); break;
    case RF_OP_READ: g_string_append_printf (out, "read %s;", vars[e->arg]); break;
    case RF_OP_WRITE: g_string_append_printf (out, "write %s;", vars[e->arg]); break;
    case RF_OP_ACQUIRE: g_string_append_printf (out, "acquire %s;", vars[e->arg]); break;
    case RF_OP_RELEASE: g_string_append_printf (out, "release %s;", vars[e->arg]); break;
    case RF_OP_WAIT: g_string_append_printf (out, "wait %s, %s;", vars[e->arg], vars[e->arg2]); break;
    case RF_OP_SIGNAL: g_string_append_printf (out, "signal %s;", vars[e->arg]); break;
    case RF_OP_BROADCAST: g_string_append_printf (out, "broadcast %s;", vars[e->arg]); break;
    case RF_OP_CREATE: g_string_append_printf (out, "create %s;", jobs[e->arg]); break;
    case RF_OP_POST: g_string_append_printf (out, "post %s;", vars[e->arg]); break;
    case RF_OP_TAKE: g_string_append_printf (out, "take %s;", vars[e->arg]); break;
    case RF_OP_RDLOCK: g_string_append_printf (out, "rdlock %s;", vars[e->arg]); break;
    case RF_OP_WRLOCK: g_string_append_printf (out, "wrlock %s;", vars[e->arg]); break;
    case RF_OP_RWUNLOCK: g_string_append_printf (out, "unlock %s;", vars[e->arg]); break;
    case RF_OP_VALUE:
      {
        const RfVar *v = rf_program_get_var (prog, e->arg);
        gint64 a = v->values[e->arg2 / v->n_values], b = v->values[e->arg2 % v->n_values];
        if (a == b)
          g_string_append_printf (out, "test %s == %" G_GINT64_FORMAT ";", vars[e->arg], a);
        else
          g_string_append_printf (out, "set %s = %" G_GINT64_FORMAT " from %" G_GINT64_FORMAT ";",
                                  vars[e->arg], b, a);
      }
      break;
    case RF_OP_JOINALL:
      if (e->arg2 >= 0)
        g_string_append_printf (out, "joinall %s, %s;", jobs[e->arg], vars[e->arg2]);
      else
        g_string_append_printf (out, "joinall %s;", jobs[e->arg]);
      break;
    }
}

static void
append_job (GString *out, const RfProgram *prog, const RfJob *job, char **vars, char **jobs)
{
  const char *name = jobs[job->id];
  if (job->start == RF_START_COUNT && job->count == 1 && strcmp (job->name, "main") == 0)
    g_string_append (out, "main {\n");
  else if (job->start == RF_START_COUNT)
    g_string_append_printf (out, "thread %s [%u] {\n", name, job->count);
  else if (job->start == RF_START_ANY)
    g_string_append_printf (out, "thread %s [*] {\n", name);
  else
    g_string_append_printf (out, "thread %s {\n", name);
  /* out-edges per node, in edge order */
  GPtrArray **succ = g_new0 (GPtrArray *, job->nodes->len);
  for (guint i = 0; i < job->edges->len; i++)
    {
      RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (!succ[e->from])
        succ[e->from] = g_ptr_array_new ();
      g_ptr_array_add (succ[e->from], e);
    }
  for (guint k = 0; k < job->nodes->len; k++)
    {
      guint n = k == 0 ? job->entry : k == job->entry ? 0 : k;  /* entry first */
      GPtrArray *es = succ[n];
      g_string_append_printf (out, "  L%u:", n);
      if (!es)
        {
          g_string_append (out, " goto end;\n");
          continue;
        }
      g_string_append_c (out, '\n');
      for (guint i = 0; i < es->len; i++)
        {
          const RfEdge *e = g_ptr_array_index (es, i);
          gboolean last = i + 1 == es->len;
          g_string_append_printf (out, "    %s{ ", last ? (i ? "else " : "") : (i ? "else if (*) " : "if (*) "));
          append_op (out, prog, e, vars, jobs);
          g_string_append_printf (out, " goto L%u; }", e->to);
          append_loc (out, e->loc);
          g_string_append_c (out, '\n');
        }
    }
  g_string_append (out, "  end: skip;\n}\n");
  for (guint k = 0; k < job->nodes->len; k++)
    if (succ[k])
      g_ptr_array_unref (succ[k]);
  g_free (succ);
}

char *
rf_program_to_sml (const RfProgram *prog)
{
  g_autoptr (GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint nv = rf_program_n_vars (prog), nj = rf_program_n_jobs (prog);
  char **vars = g_new0 (char *, nv + 1);
  char **jobs = g_new0 (char *, nj + 1);
  g_hash_table_add (taken, g_strdup ("end"));
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      jobs[j] = strcmp (job->name, "main") == 0 && job->start == RF_START_COUNT && job->count == 1
                ? g_strdup ("main") : mangle (job->name, taken);
    }
  GString *out = g_string_new ("// Program model extracted by racefree: one labelled statement per program\n"
                               "// location; every choice the analysis cannot decide is `if (*)`.\n");
  /* all names first: a value variable's guard may come after it */
  for (guint v = 0; v < nv; v++)
    vars[v] = mangle (rf_program_get_var (prog, v)->name, taken);
  for (guint v = 0; v < nv; v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      g_string_append_printf (out, "%s %s", var_keyword (var->kind), vars[v]);
      if (var->kind == RF_VAR_VALUE)
        {
          /* value v {A, B, ...} = I [of g];  (values ascending, as the model keeps them) */
          for (guint k = 0; k < var->n_values; k++)
            g_string_append_printf (out, "%s%" G_GINT64_FORMAT, k ? ", " : " {", var->values[k]);
          g_string_append_printf (out, "} = %" G_GINT64_FORMAT, var->values[var->init]);
          if (var->guard >= 0)
            g_string_append_printf (out, " of %s", vars[var->guard]);
        }
      g_string_append_c (out, ';');
      if (strcmp (vars[v], var->name) != 0)
        g_string_append_printf (out, "  // %s", var->name);
      g_string_append_c (out, '\n');
    }
  for (guint j = 0; j < nj; j++)
    {
      g_string_append_c (out, '\n');
      append_job (out, prog, rf_program_get_job (prog, j), vars, jobs);
    }
  g_strfreev (vars);
  g_strfreev (jobs);
  return g_string_free (out, FALSE);
}
