/* fuzz-sml: the model language front end on any input.
 *
 * The input is read as a user's .sml file is (from a file, NUL bytes and all); its
 * diagnostics are rendered with their carets. A program that parses must print as
 * SML (rf_program_to_sml) that parses back without a diagnostic to a program with the
 * same variables, job types and operations (printing changes the skips and the nodes
 * between operations, so the graphs themselves are not compared). */
#include "fuzz-common.h"

#include <string.h>
#include "rf-program-sml.h"
#include "rf-sml.h"

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

/* What printing must keep of PROG: each variable's name and kind, each job type's
 * name and start, and the multiset of its operations (all but skips: those printing
 * adds or removes), as text. Owned. */
static char *
summary_of (const RfProgram *prog)
{
  GString *out = g_string_new (NULL);
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      g_string_append_printf (out, "var %s %d\n", var->name, var->kind);
    }
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      g_string_append_printf (out, "job %s %d %u\n", job->name, job->start, job->count);
      g_autoptr (GPtrArray) ops = g_ptr_array_new_with_free_func (g_free);
      for (guint e = 0; e < job->edges->len; e++)
        {
          const RfEdge *edge = &g_array_index (job->edges, RfEdge, e);
          if (edge->op != RF_OP_SKIP)
            g_ptr_array_add (ops, g_strdup_printf ("  op %d %d %d\n", edge->op, edge->arg, edge->arg2));
        }
      g_ptr_array_sort (ops, (GCompareFunc) compare_strings);
      for (guint i = 0; i < ops->len; i++)
        g_string_append (out, g_ptr_array_index (ops, i));
    }
  return g_string_free (out, FALSE);
}

/* Parses the printed TEXT, which must parse cleanly. Owned. */
static RfProgram *
parse_printed (const char *text)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfProgram *prog = rf_sml_parse ("printed.sml", text, diags, &error);
  if (!prog || rf_diags_n_errors (diags) + rf_diags_n_warnings (diags) > 0)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      rf_diags_render (diags, out);
      g_error ("fuzz-sml: the printed program does not parse back:\n%s\n%s", text, out->str);
    }
  return prog;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > FUZZ_MAX_INPUT)
    return 0;
  g_autofree char *path = fuzz_write_file ("input.sml", data, size);
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfProgram) prog = rf_sml_parse_file (path, diags, &error);
  g_autoptr (GString) rendered = g_string_new (NULL);
  rf_diags_render (diags, rendered);
  if (!prog)
    {
      g_assert (error != NULL && rf_diags_n_errors (diags) > 0);
      return 0;
    }
  g_assert (error == NULL && rf_diags_n_errors (diags) == 0);

  g_autofree char *printed = rf_program_to_sml (prog);
  g_autoptr (RfProgram) again = parse_printed (printed);
  g_autofree char *before = summary_of (prog);
  g_autofree char *after = summary_of (again);
  if (strcmp (before, after) != 0)
    g_error ("fuzz-sml: the printed program is another program:\n%s\n--- was\n%s--- became\n%s",
             printed, before, after);
  return 0;
}
