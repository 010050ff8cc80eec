// The script language of `tumble --script` (app/window/script.h): what each command reads
// into, and that a bad line is refused with its file, line and token (no window needed).
#include "window/script.h"

#include <SDL_mouse.h>
#include <gtest/gtest.h>

using namespace tumble::app;

namespace {

Script parsed(const std::string& text) {
    Script script;
    std::string error;
    EXPECT_TRUE(parseScript(text, "t.txt", script, error)) << error;
    return script;
}

/// The error for a script that must be refused.
std::string refusal(const std::string& text) {
    Script script;
    std::string error;
    EXPECT_FALSE(parseScript(text, "bad.txt", script, error)) << text;
    return error;
}

} // namespace

TEST(Script, CommentsAndBlankLinesAreSkippedAndLinesKeepTheirNumbers) {
    const Script s = parsed("# a comment\n\nwait 3   # three frames\r\n  quit\n");
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(s.commands[0].op, ScriptOp::Wait);
    EXPECT_EQ(s.commands[0].count, 3);
    EXPECT_EQ(s.commands[0].line, 3);
    EXPECT_EQ(s.commands[0].source, "wait 3");
    EXPECT_EQ(s.commands[1].op, ScriptOp::Quit);
    EXPECT_EQ(s.commands[1].line, 4);
    EXPECT_EQ(s.file, "t.txt");
}

TEST(Script, KeyNamesBecomeSdlKeysWithTheirModifiers) {
    ScriptKey k;
    ASSERT_TRUE(parseKeyName("Space", k));
    EXPECT_EQ(k.sym, SDLK_SPACE);
    EXPECT_EQ(k.scancode, SDL_SCANCODE_SPACE);
    EXPECT_EQ(k.mod, KMOD_NONE);
    ASSERT_TRUE(parseKeyName("N", k));
    EXPECT_EQ(k.sym, SDLK_n); // SDL reports letters lower case, Shift or not
    EXPECT_EQ(k.scancode, SDL_SCANCODE_N);
    ASSERT_TRUE(parseKeyName("ctrl+q", k));
    EXPECT_EQ(k.sym, SDLK_q);
    EXPECT_NE(k.mod & KMOD_CTRL, 0);
    ASSERT_TRUE(parseKeyName("shift+Left", k));
    EXPECT_EQ(k.sym, SDLK_LEFT);
    EXPECT_NE(k.mod & KMOD_SHIFT, 0);
    EXPECT_EQ(k.mod & KMOD_CTRL, 0);
    ASSERT_TRUE(parseKeyName("F9", k));
    EXPECT_EQ(k.sym, SDLK_F9);
    EXPECT_EQ(k.scancode, SDL_SCANCODE_F9);
    ASSERT_TRUE(parseKeyName("0", k));
    EXPECT_EQ(k.scancode, SDL_SCANCODE_0);
    ASSERT_TRUE(parseKeyName("1", k));
    EXPECT_EQ(k.scancode, SDL_SCANCODE_1);
    ASSERT_TRUE(parseKeyName("]", k));
    EXPECT_EQ(k.sym, SDLK_RIGHTBRACKET);
    for (const char* bad : {"F13", "ctrl+", "hyper+a", "Spacebar", "", "+"}) EXPECT_FALSE(parseKeyName(bad, k)) << bad;
}

TEST(Script, MouseCommandsReadTheirPixelsButtonsAndFrames) {
    const Script s = parsed("click 10 20.5\nclick 1 2 right\ndrag 0 0 100 50 middle 4\ndrag 1 2 3 4\n"
                            "wheel 400 300 -2\nmove 5 6\n");
    ASSERT_EQ(s.commands.size(), 6u);
    EXPECT_EQ(s.commands[0].op, ScriptOp::Click);
    EXPECT_FLOAT_EQ(s.commands[0].y, 20.5f);
    EXPECT_EQ(s.commands[0].button, SDL_BUTTON_LEFT);
    EXPECT_EQ(s.commands[1].button, SDL_BUTTON_RIGHT);
    EXPECT_EQ(s.commands[2].button, SDL_BUTTON_MIDDLE);
    EXPECT_EQ(s.commands[2].count, 4);
    EXPECT_FLOAT_EQ(s.commands[2].x2, 100.0f);
    EXPECT_EQ(s.commands[3].count, kDefaultDragFrames);
    EXPECT_EQ(s.commands[4].count, -2);
    EXPECT_EQ(s.commands[5].op, ScriptOp::Move);
}

TEST(Script, DragBodyAndBodyPositionReadTheirNameOffsetAndAxis) {
    const Script s = parsed("drag-body \"bob\" 300 -20 right 40\ndrag-body bob 1 2\nexpect body \"bob\" y >= -0.5\n");
    ASSERT_EQ(s.commands.size(), 3u);
    EXPECT_EQ(s.commands[0].op, ScriptOp::DragBody);
    EXPECT_EQ(s.commands[0].text, "bob");
    EXPECT_FLOAT_EQ(s.commands[0].x2, 300.0f);
    EXPECT_FLOAT_EQ(s.commands[0].y2, -20.0f);
    EXPECT_EQ(s.commands[0].button, SDL_BUTTON_RIGHT);
    EXPECT_EQ(s.commands[0].count, 40);
    EXPECT_EQ(s.commands[1].count, kDefaultDragFrames);
    const Expectation& e = s.commands[2].expect;
    EXPECT_EQ(e.subject, ExpectSubject::BodyPosition);
    EXPECT_EQ(e.name, "bob");
    EXPECT_EQ(e.axis, 1);
    EXPECT_EQ(e.compare, Compare::GreaterEqual);
    EXPECT_EQ(e.number, -0.5);
    EXPECT_EQ(refusal("expect body bob w > 1\n"), "bad.txt:1: expected x, y or z ('w')");
}

TEST(Script, QuotedWordsKeepTheirSpaces) {
    const Script s = parsed("click-item \"Quit Tumble?\" \"Cancel\"\nclick-body \"box 2\"\ntext \"a # b\"\n"
                            "drop scenes/pendulum.json\n");
    ASSERT_EQ(s.commands.size(), 4u);
    EXPECT_EQ(s.commands[0].window, "Quit Tumble?");
    EXPECT_EQ(s.commands[0].text, "Cancel");
    EXPECT_EQ(s.commands[1].text, "box 2");
    EXPECT_EQ(s.commands[1].button, SDL_BUTTON_LEFT);
    EXPECT_EQ(s.commands[2].text, "a # b"); // a # inside quotes is text, not a comment
    EXPECT_EQ(s.commands[3].op, ScriptOp::Drop);
    EXPECT_EQ(s.commands[3].text, "scenes/pendulum.json");
}

TEST(Script, ExpectationsReadTheirSubjectComparisonAndValue) {
    const Script s = parsed("expect step == 5\nexpect recording-length >= 12\nexpect bodies != 3\n"
                            "expect paused\nexpect running\nexpect not rewound\nexpect scene == \"Pyramid\"\n"
                            "expect selected == \"\"\nexpect setting solver.warmStarting == false\n"
                            "expect setting solver.method == pgs\nexpect popup \"Quit Tumble?\" closed\n"
                            "expect panel \"Solver\" visible\nexpect popups < 2\nexpect forks == 1\n");
    ASSERT_EQ(s.commands.size(), 14u);
    const Expectation& step = s.commands[0].expect;
    EXPECT_EQ(step.subject, ExpectSubject::Step);
    EXPECT_EQ(step.compare, Compare::Equal);
    EXPECT_EQ(step.number, 5.0);
    EXPECT_EQ(s.commands[1].expect.subject, ExpectSubject::RecordingLength);
    EXPECT_EQ(s.commands[1].expect.compare, Compare::GreaterEqual);
    EXPECT_EQ(s.commands[2].expect.compare, Compare::NotEqual);
    // running is "not paused"
    EXPECT_EQ(s.commands[3].expect.subject, ExpectSubject::Paused);
    EXPECT_FALSE(s.commands[3].expect.negated);
    EXPECT_EQ(s.commands[4].expect.subject, ExpectSubject::Paused);
    EXPECT_TRUE(s.commands[4].expect.negated);
    EXPECT_TRUE(s.commands[5].expect.negated);
    EXPECT_EQ(s.commands[6].expect.text, "Pyramid");
    EXPECT_EQ(s.commands[7].expect.text, "");
    EXPECT_EQ(s.commands[8].expect.name, "solver.warmStarting");
    EXPECT_EQ(s.commands[8].expect.text, "false");
    EXPECT_EQ(s.commands[9].expect.text, "\"pgs\""); // a bare word is a string
    EXPECT_EQ(s.commands[10].expect.subject, ExpectSubject::Popup);
    EXPECT_TRUE(s.commands[10].expect.negated);
    EXPECT_EQ(s.commands[11].expect.name, "Solver");
    EXPECT_FALSE(s.commands[11].expect.negated);
    EXPECT_EQ(s.commands[12].expect.subject, ExpectSubject::Popups);
    EXPECT_EQ(s.commands[12].expect.compare, Compare::Less);
    EXPECT_EQ(s.commands[13].expect.subject, ExpectSubject::Forks);
    EXPECT_EQ(s.commands[13].expect.number, 1.0);
}

TEST(Script, ABadLineIsRefusedWithItsFileLineAndToken) {
    EXPECT_EQ(refusal("wait 2\njump 3\n"), "bad.txt:2: unknown command ('jump')");
    EXPECT_EQ(refusal("wait two\n"), "bad.txt:1: not a whole number from 1 to 100000 ('two')");
    EXPECT_EQ(refusal("\n\nkey Hyperspace\n"), "bad.txt:3: unknown key name ('Hyperspace')");
    EXPECT_EQ(refusal("click 10 ten\n"), "bad.txt:1: not a pixel coordinate ('ten')");
    EXPECT_EQ(refusal("click 10 10 sideways\n"), "bad.txt:1: not a mouse button (left, right or middle) ('sideways')");
    EXPECT_EQ(refusal("expect setting solver.warmStart == false\n"), "bad.txt:1: no such setting ('solver.warmStart')");
    EXPECT_EQ(refusal("expect step ~ 3\n"), "bad.txt:1: not a comparison (== != < <= > >=) ('~')");
    EXPECT_EQ(refusal("expect step == many\n"), "bad.txt:1: not a number ('many')");
    EXPECT_EQ(refusal("expect popup \"Quit Tumble?\" ajar\n"), "bad.txt:1: expected open or closed ('ajar')");
    EXPECT_EQ(refusal("expect scene > \"a\"\n"), "bad.txt:1: expected == or != ('>')");
    EXPECT_EQ(refusal("expect weather\n"), "bad.txt:1: unknown expectation ('weather')");
    EXPECT_EQ(refusal("wheel 1 1 0\n"), "bad.txt:1: not a whole number of notches from -100 to 100, other than 0 ('0')");
    EXPECT_EQ(refusal("text \"open\n"), "bad.txt:1: a \" is not closed");
    EXPECT_EQ(refusal("quit now\n"), "bad.txt:1: expected: quit");
    EXPECT_EQ(refusal("wait 0\n"), "bad.txt:1: not a whole number from 1 to 100000 ('0')");
}

TEST(Script, AFileThatCannotBeReadIsAnError) {
    Script s;
    std::string error;
    EXPECT_FALSE(loadScript("/nonexistent/script.txt", s, error));
    EXPECT_EQ(error, "/nonexistent/script.txt: cannot read the script");
}

TEST(Script, TheShippedWindowTestScriptsRead) {
    for (const char* name : {"step_and_rewind", "escape_and_quit", "drop_files", "keys_and_lesson", "pick_body", "fork_variant", "drag_body", "screenshot"}) {
        Script s;
        std::string error;
        EXPECT_TRUE(loadScript(std::string(TUMBLE_SOURCE_DIR) + "/tests/app/scripts/" + name + ".txt", s, error)) << error;
        EXPECT_FALSE(s.commands.empty()) << name;
    }
}
