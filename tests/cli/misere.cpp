// `nimber misere` run as a subprocess: simplest forms, equality, the games born by each day,
// the output formats, and one-line errors with an empty stdout.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliMisere, SimplestForms) {
  // *2+*2 has genus 0^02: a P-position in both plays, unlike 0 (0^120).
  expect_output({"misere", "form", "*2+*2"}, "{*2,*3}\nbirthday: 4\ngenus: 0^02\nclasses: tame, generally tame, tameable, even, extraverted\nparts: 0, *2, {*2,*3}\nmate: {*2,*3}\nthe player to move loses\n");
  expect_output({"misere", "form", "{*}"}, "0\nbirthday: 0\ngenus: 0^120\nclasses: tame, generally tame, tameable, even, extraverted, introverted\nparts: 0\nmate: *\nthe player to move wins\n");
  expect_output({"misere", "form", "{ 0 , *2 }"}, "*\nbirthday: 1\ngenus: 1^031\nclasses: tame, generally tame, tameable, odd, extraverted, introverted\nparts: 0\nmate: 0\nthe player to move loses\n");
  expect_output({"misere", "form", "*2+*2", "--format", "json"},
                "{\"form\":\"{*2,*3}\",\"birthday\":4,\"genus\":\"0^02\",\"classes\":[\"tame\",\"generally tame\",\"tameable\",\"even\",\"extraverted\"],"
                "\"parts\":[\"0\",\"*2\",\"{*2,*3}\"],\"mate\":\"{*2,*3}\",\"next_player_wins\":false}\n");
}

TEST(CliMisere, Classes) {
  // The examples of CGSuite's tests: restive, restless, generally tame but not tame, and their
  // mates.
  expect_output({"misere", "form", "{0,{*2}}"},
                "{0,{*2}}\nbirthday: 4\ngenus: 1^20\nclasses: restive, generally restive, half-tame, even, prime\nparts: 0, {0,{*2}}\nmate: {*,{*2}}\nthe player to move wins\n");
  expect_output({"misere", "form", "{*,{*2}}", "--format", "csv"},
                "form,birthday,genus,classes,parts,mate,next_player_wins\n\"{*,{*2}}\",4,2^1420,\"restless, even, prime\",\"0, {*,{*2}}\",\"{0,{*2}}\",true\n");
  expect_output({"misere", "form", "{{{*2}},{{*2},*}}", "--format", "json"},
                "{\"form\":\"{{*,{*2}},{{*2}}}\",\"birthday\":5,\"genus\":\"0^02\",\"classes\":[\"generally tame\",\"tameable\",\"even\",\"prime\"],"
                "\"parts\":[\"0\",\"{{*,{*2}},{{*2}}}\"],\"mate\":\"{{0,{*2}},{{*2}}}\",\"next_player_wins\":false}\n");
}

TEST(CliMisere, Equality) {
  expect_output({"misere", "equal", "*+*", "0"}, "equal\nfirst: 0\nsecond: 0\n");
  expect_output({"misere", "equal", "*2+*2", "0"}, "not equal\nfirst: {*2,*3}\nsecond: 0\n");
  expect_output({"misere", "equal", "*2+*3", "*3+*2", "--format", "csv"},
                "equal,first,second\ntrue,\"{*2,*3,{*2,*3}}\",\"{*2,*3,{*2,*3}}\"\n");
}

TEST(CliMisere, PartsAndDifferences) {
  // {{*2}} is *2 + X and {*2} + Y, with X and Y born on days 6 and 7; the text writes long
  // parts as {...}, JSON in full.
  expect_output({"misere", "form", "{{*2}}"},
                "{{*2}}\nbirthday: 4\ngenus: 1^13\nclasses: tame, generally tame, tameable, even, extraverted\n"
                "parts: 0, *2, {*2}, {{*2}}, {0,{*2},{*3,{*2}}}, {{{*2}},{0,{*2},{*3,{*2}}},{{*3,{*2}},{{*2}}}}, "
                "{0,{{{*2}},{0,{*2},{*3,{*2}}},{{*3,{*2}},{{*2}}}}}, {...}\nmate: {{*2}}\nthe player to move wins\n");
  expect_output({"misere", "subtract", "*2+*2", "*2"}, "*2\nbirthday: 2\nfirst: {*2,*3}\nsecond: *2\n");
  expect_output({"misere", "subtract", "{{*2}}", "*2"},
                "{{{*2}},{0,{*2},{*3,{*2}}},{{*3,{*2}},{{*2}}}}\nbirthday: 6\nfirst: {{*2}}\nsecond: *2\n");
  expect_output({"misere", "subtract", "0", "*"}, "*\nbirthday: 1\nfirst: 0\nsecond: *\n");
  expect_output({"misere", "subtract", "*2", "*3+*3"}, "not a part\nfirst: *2\nsecond: {*2,*3}\n");
  expect_output({"misere", "subtract", "*2", "*3", "--format", "json"},
                "{\"part\":true,\"difference\":\"*\",\"birthday\":1,\"first\":\"*2\",\"second\":\"*3\"}\n");
  expect_output({"misere", "subtract", "*2", "*3+*3", "--format", "csv"},
                "part,difference,birthday,first,second\nfalse,,,*2,\"{*2,*3}\"\n");
}

TEST(CliMisere, GamesBornByEachDay) {
  expect_output({"misere", "days"},
                "day 0: 1 games\nday 1: 2 games\nday 2: 3 games\nday 3: 5 games\nday 4: 22 games\n");
  expect_output({"misere", "days", "2", "--format", "csv"}, "day,games\n0,1\n1,2\n2,3\n");
}

TEST(CliMisere, BadInputIsOneLine) {
  expect_error({"misere", "form", "{*2 *3}"}, "argument 1 (offset 4): '*': expected ',', '+' or '}'");
  expect_error({"misere", "form", "{*,"}, "argument 1 (offset 3): end of the form: expected a form: 0, *, *n or {...}");
  expect_error({"misere", "form", "*2000"}, "argument 1 (offset 1): '2000': expected a heap size up to 1024");
  expect_error({"misere", "equal", "0", "x"}, "argument 2 (offset 0): 'x': expected a form: 0, *, *n or {...}");
  expect_error({"misere", "subtract", "{*2", "*"}, "argument 1 (offset 3): end of the form: expected ',', '+' or '}'");
  expect_error({"misere", "subtract", "*2", "*2+"}, "argument 2 (offset 3): end of the form: expected a form: 0, *, *n or {...}");
  expect_error({"misere", "subtract", "*2"}, "argument 2: end of arguments: expected H (see 'nimber misere subtract --help')");
  expect_error({"misere", "days", "6"}, "argument 1: '6': expected a day from 0 to 5");
  expect_error({"misere", "days", "-1"}, "argument 1: '-1': expected a day from 0 to 5");
  expect_error({"misere", "form", "*1024+*1024", "--max-memory", "64M"},
               "the misère forms need more than 64 MiB of memory (--max-memory): a smaller game or sum");
}

TEST(CliMisere, HeapGamesHeapByHeap) {
  // Misère Kayles: heap 4 is a misère P-position (value 0) that equals *; heap 7 is born on
  // day 7 and its text is elided.
  // Heap 5 is wild (4^146: G+ = 4, G- = 1) and heap 8 tame again ({*2,*3,{*2,*3}} = *2+*3).
  const result r = run({"heap", "0.77", "--terms", "9", "--misere"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "0: 1 genus 0^120 tame (born on day 0) 0\n1: 0 genus 1^031 tame (born on day 1) *\n"
            "2: 2 genus 2^20 tame (born on day 2) *2\n3: 3 genus 3^31 tame (born on day 3) *3\n"
            "4: 0 genus 1^031 tame (born on day 1) *\n5: 1 genus 4^146 not tame (born on day 5) {*,*2,*3,{*2,*3}}\n"
            "6: 3 genus 3^31 tame (born on day 3) *3\n7: 2 genus 2^20 not tame (born on day 7) {...}\n"
            "8: 1 genus 1^13 tame (born on day 5) {*2,*3,{*2,*3}}\n");
  expect_output({"heap", "0.07", "--terms", "3", "--misere", "--format", "csv"},
                "n,misere_grundy,genus,tame,birthday,form\n0,1,0^120,true,0,0\n1,1,0^120,true,0,0\n2,0,1^031,true,1,*\n");
  expect_error({"heap", "0.07", "--terms", "5", "--misere", "--heaps", "1,2"},
               "--misere: '--heaps': expected no --heaps beside it (misère values stand alone)");
  // The genus sequence's period: proved for games that never split a heap, refused for others.
  const result s = run({"heap", "subtraction:1,3,4", "--terms", "12", "--misere", "--period"});
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("\n11: 2 genus 2^20 tame (born on day 2) *2\n"
                       "genus period 7, preperiod 0 (proved: each heap past 4 has its genus from the 4 before it)\n"),
            std::string::npos)
      << s.out;
  expect_output({"heap", "0.3", "--terms", "4", "--misere", "--period", "--format", "json"},
                "{\"game\":\"0.3\",\"misere\":[{\"n\":0,\"misere_grundy\":1,\"genus\":\"0^120\",\"tame\":true,"
                "\"birthday\":0,\"form\":\"0\"},{\"n\":1,\"misere_grundy\":0,\"genus\":\"1^031\",\"tame\":true,"
                "\"birthday\":1,\"form\":\"*\"},{\"n\":2,\"misere_grundy\":1,\"genus\":\"0^120\",\"tame\":true,"
                "\"birthday\":0,\"form\":\"0\"},{\"n\":3,\"misere_grundy\":0,\"genus\":\"1^031\",\"tame\":true,"
                "\"birthday\":1,\"form\":\"*\"}],\"genus_period\":{\"preperiod\":0,\"period\":2}}\n");
  expect_output({"heap", "0.03", "--terms", "3", "--misere", "--period"},
                "0: 1 genus 0^120 tame (born on day 0) 0\n1: 1 genus 0^120 tame (born on day 0) 0\n"
                "2: 0 genus 1^031 tame (born on day 1) *\ngenus period: none proved within 3 terms\n");
  expect_error({"heap", "0.07", "--terms", "5", "--misere", "--period"},
               "--period: '0.07': expected a game whose moves leave at most one heap and take a bounded number "
               "with --misere (the genus of a sum is not a function of its parts' genera)");
  expect_error({"heap", "subtraction:1+2", "--terms", "5", "--misere", "--period"},
               "--period: 'subtraction:1+2': expected a game whose moves leave at most one heap and take a bounded "
               "number with --misere (the genus of a sum is not a function of its parts' genera)");
  expect_error({"heap", "0.07", "--terms", "100001", "--misere"},
               "--terms: '100001': expected at most 100000 terms with --misere");
}

TEST(CliMisere, QuotientOfAHeapGame) {
  expect_output({"misere", "0.77", "--heaps", "6"},
                "0.77, heaps 0 to 6: |Q| = 12, |P| = 3\n"
                "generators: a = heap 1, b = heap 2, c = heap 5\n"
                "relations: a^2 = 1, c^2 = 1, b^3 = b\n"
                "P-portion: a, ac, b^2\n"
                "pretending (heaps 0 to 6): 1 a b ab a c ab\n"
                "changes at heaps (|Q|, |P|): 1 (2, 1), 2 (6, 2), 5 (12, 3)\n"
                "period: none seen in heaps 0 to 6\n");
  expect_output({"misere", "0.07", "--heaps", "4", "--format", "json"},
                "{\"game\":\"0.07\",\"heaps\":4,\"order\":6,\"p_portion\":2,"
                "\"generators\":[{\"name\":\"a\",\"heap\":2},{\"name\":\"b\",\"heap\":4}],"
                "\"relations\":[{\"lhs\":\"a^2\",\"rhs\":\"1\"},{\"lhs\":\"b^3\",\"rhs\":\"b\"}],"
                "\"elements\":[{\"element\":\"1\",\"p\":false},{\"element\":\"a\",\"p\":true},"
                "{\"element\":\"b\",\"p\":false},{\"element\":\"ab\",\"p\":false},"
                "{\"element\":\"b^2\",\"p\":true},{\"element\":\"ab^2\",\"p\":false}],"
                "\"pretending\":[{\"heap\":0,\"element\":\"1\"},{\"heap\":1,\"element\":\"1\"},"
                "{\"heap\":2,\"element\":\"a\"},{\"heap\":3,\"element\":\"a\"},{\"heap\":4,\"element\":\"b\"}],"
                "\"changes\":[{\"heap\":2,\"order\":2,\"p_portion\":1},{\"heap\":4,\"order\":6,\"p_portion\":2}],"
                "\"period\":null}\n");
  expect_output({"misere", "0.07", "--heaps", "3", "--format", "csv"}, "heap,element\n0,1\n1,1\n2,a\n3,a\n");
  expect_output({"misere", "0.77", "--heaps", "0"},
                "0.77, heaps 0 to 0: |Q| = 1, |P| = 0\ngenerators: none\nrelations: none\nP-portion: none\n"
                "pretending (heaps 0 to 0): 1\nchanges at heaps (|Q|, |P|): none\nperiod: none seen in heaps 0 to 0\n");
}

TEST(CliMisere, QuotientPeriodProvedByThePeriodicityTheorem) {
  // 0.75: periodic from heap 8 with period 2; the theorem needs N >= 2 (8 + 2) + 2 - 1 = 21.
  const result proved = run({"misere", "0.75", "--heaps", "21"});
  EXPECT_NE(proved.out.find("\nperiod: 2 from heap 8, proved by the periodicity theorem (heaps up to 21 suffice): "
                            "the quotient of the whole game\n"),
            std::string::npos)
      << proved.out;
  const result short_of_it = run({"misere", "0.75", "--heaps", "20"});
  EXPECT_NE(short_of_it.out.find("\nperiod: 2 from heap 8 in heaps 0 to 20, not proved: the periodicity theorem "
                                 "needs heaps up to 21\n"),
            std::string::npos)
      << short_of_it.out;
  const result json = run({"misere", "0.75", "--heaps", "21", "--format", "json"});
  EXPECT_NE(json.out.find(",\"period\":{\"preperiod\":8,\"period\":2,\"proved\":true,\"needs_heaps\":21}}"),
            std::string::npos)
      << json.out;
  // Past N the period decides: heap 1001 plays as heap 9.
  const auto element_and_outcome = [](const std::vector<std::string>& args) {
    const std::string out = run(args).out;
    const std::size_t from = out.find(':', out.find("\nsum "));
    return out.substr(from, out.find('\n', from) - from);
  };
  EXPECT_EQ(element_and_outcome({"misere", "0.75", "--heaps", "21", "--position", "1001,3"}),
            element_and_outcome({"misere", "0.75", "--heaps", "21", "--position", "9,3"}));
  expect_error({"misere", "0.75", "--heaps", "20", "--position", "1,21"},
               "--position: '21': expected heap sizes from 0 to --heaps (20)");
  const result grundy = run({"misere", "grundy", "--heaps", "6"});
  EXPECT_NE(grundy.out.find("\nperiod: none claimed (the periodicity theorem covers take-and-break codes only)\n"),
            std::string::npos)
      << grundy.out;
}

TEST(CliMisere, QuotientDecidesASum) {
  // Misère Kayles: 1 + 2 + 3 is lost; from 1 + 2 the winning move takes the heap of 2.
  expect_output({"misere", "0.77", "--heaps", "6", "--position", "1,2,3"},
                "0.77, heaps 0 to 6: |Q| = 12, |P| = 3\nsum 1 + 2 + 3: b^2, the player to move loses\n");
  expect_output({"misere", "0.77", "--heaps", "6", "--position", "1,2"},
                "0.77, heaps 0 to 6: |Q| = 12, |P| = 3\nsum 1 + 2: ab, the player to move wins\n"
                "winning move: heap 2 (2) -> nothing\n");
  // Dawson's Kayles 12 + 3: leave 10 or two heaps from the 12, or take two from the 3.
  expect_output({"misere", "0.07", "--heaps", "12", "--position", "12,3", "--format", "json"},
                "{\"game\":\"0.07\",\"heaps\":12,\"order\":12,\"p_portion\":3,\"position\":[12,3],"
                "\"element\":\"c\",\"next_player_wins\":true,\"winning_moves\":[{\"heap\":1,\"leaves\":[10]},"
                "{\"heap\":1,\"leaves\":[1,9]},{\"heap\":1,\"leaves\":[2,8]},{\"heap\":1,\"leaves\":[3,7]},"
                "{\"heap\":1,\"leaves\":[4,6]},{\"heap\":1,\"leaves\":[5,5]},{\"heap\":2,\"leaves\":[1]}]}\n");
  expect_output({"misere", "0.77", "--heaps", "4", "--position", "0"},
                "0.77, heaps 0 to 4: |Q| = 6, |P| = 2\nsum 0: 1, the player to move wins\n");
}

TEST(CliMisere, QuotientBadInputIsOneLine) {
  expect_error({"misere"}, "argument 1: end of arguments: expected a heap-game code such as 0.07, or a command of "
                           "'nimber misere' (form, equal, subtract, days)");
  expect_error({"misere", "0.0x", "--heaps", "3"},
               "argument 1 (digit d2): 'x': expected an octal or hex digit (0-9, a-f)");
  expect_error({"misere", "0.07"},
               "--heaps: end of arguments: expected the option --heaps, which 'nimber misere CODE' requires");
  expect_error({"misere", "0.07", "--heaps", "x"}, "--heaps: 'x': expected a heap bound from 0 to 2^20");
  expect_error({"misere", "0.07", "--heaps", "1048577"}, "--heaps: '1048577': expected a heap bound from 0 to 2^20");
  expect_error({"misere", "0.07", "--heaps", "-1"}, "--heaps: '-1': expected a heap bound from 0 to 2^20");
  expect_error({"misere", "0.07", "--heaps", "5", "--position", "1,6"},
               "--position: '6': expected heap sizes from 0 to --heaps (5)");
  expect_error({"misere", "0.07", "--heaps", "5", "--position", "1,,2"},
               "--position: '': expected heap sizes from 0 to --heaps (5)");
  expect_error({"misere", "0.07", "--heaps", "5", "--position", "a"},
               "--position: 'a': expected heap sizes from 0 to --heaps (5)");
  expect_error({"misere", "form", "*", "--heaps", "3"},
               "--heaps: '3': expected no --heaps beside 'nimber misere form'");
  expect_error({"misere", "0.07", "--heaps", "40", "--max-memory", "1M"},
               "the misère quotient of 0.07 up to heap 40 needs more than 1.0 MiB of memory (--max-memory): "
               "a smaller bound");
}

TEST(CliMisere, QuotientCheckpoints) {
  temp_dir dir;
  const std::string path = dir.path + "/q.ckpt";
  const std::vector<std::string> args{"misere", "0.75", "--heaps", "25", "--checkpoint", path, "--checkpoint-every",
                                      "0", "--resume"};
  const result plain = run({"misere", "0.75", "--heaps", "25"});
  // No checkpoint yet: --resume starts from the beginning; the finished run removes its file.
  const result fresh = run(args);
  EXPECT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(fresh.out, plain.out);
  EXPECT_TRUE(dir.files().empty());
  std::ofstream(path) << "hello\n";
  expect_error(args, "--resume: '" + path + "': expected a checkpoint of this command (it is not a nimber checkpoint)");
  std::ofstream(path) << "nimber checkpoint 1\ncommand misere 0.77 --heaps 25 --checkpoint " + path +
                             " --checkpoint-every 0\nwords 0\nfnv1a64 0\n";
  expect_error(args, "--resume: '" + path + "': expected a checkpoint of this command (it belongs to 'nimber misere "
                     "0.77 --heaps 25 --checkpoint " + path + " --checkpoint-every 0')");
  expect_error({"misere", "0.75", "--heaps", "5", "--resume"},
               "--resume: end of arguments: expected --checkpoint FILE beside it (the file to resume from)");
  expect_error({"misere", "0.75", "--heaps", "5", "--checkpoint-every", "1"},
               "--checkpoint-every: end of arguments: expected --checkpoint FILE beside it (the file to save in)");
  expect_error({"misere", "days", "--checkpoint", path},
               "--checkpoint: '" + path + "': expected no --checkpoint beside 'nimber misere days'");
}

}  // namespace
