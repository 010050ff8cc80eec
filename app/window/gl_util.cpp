// Shader programs from files, with readable errors.
#include "window/gl_util.h"

#include "window/paths.h"

#include <glm/gtc/type_ptr.hpp>
#include <utility>
#include <vector>

namespace tumble::app {
namespace {

/// Compile one stage; 0 and the log in `error` on failure.
GLuint compileStage(GLenum stage, const std::string& path, std::string& error) {
    std::string source;
    if (!readTextFile(path, source)) {
        error = "cannot read shader " + path;
        return 0;
    }
    GLuint shader = glCreateShader(stage);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok == GL_TRUE) return shader;
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<size_t>(length > 0 ? length : 1), '\0');
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    error = path + ": " + log.c_str();
    glDeleteShader(shader);
    return 0;
}

} // namespace

ShaderProgram::~ShaderProgram() {
    if (id_ != 0) glDeleteProgram(id_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept : id_(std::exchange(other.id_, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
    if (this != &other) {
        if (id_ != 0) glDeleteProgram(id_);
        id_ = std::exchange(other.id_, 0);
    }
    return *this;
}

bool ShaderProgram::load(const std::string& name, std::string& error) {
    return load(name, "", name, error);
}

bool ShaderProgram::load(const std::string& vertex, const std::string& geometry, const std::string& fragment,
                         std::string& error) {
    struct Stage {
        GLenum type;
        std::string path;
    };
    std::vector<Stage> stages{{GL_VERTEX_SHADER, "shaders/" + vertex + ".vert"}};
    if (!geometry.empty()) stages.push_back({GL_GEOMETRY_SHADER, "shaders/" + geometry + ".geom"});
    stages.push_back({GL_FRAGMENT_SHADER, "shaders/" + fragment + ".frag"});
    std::vector<GLuint> shaders;
    for (const Stage& stage : stages) {
        GLuint shader = compileStage(stage.type, findResource(stage.path), error);
        if (shader == 0) {
            for (GLuint s : shaders) glDeleteShader(s);
            return false;
        }
        shaders.push_back(shader);
    }
    GLuint program = glCreateProgram();
    for (GLuint shader : shaders) glAttachShader(program, shader);
    glLinkProgram(program);
    for (GLuint shader : shaders) glDeleteShader(shader);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        GLint length = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(length > 0 ? length : 1), '\0');
        glGetProgramInfoLog(program, length, nullptr, log.data());
        error = "shaders/" + vertex + (geometry.empty() ? "" : "+" + geometry) + "+" + fragment +
                ": link failed: " + log.c_str();
        glDeleteProgram(program);
        return false;
    }
    if (id_ != 0) glDeleteProgram(id_);
    id_ = program;
    return true;
}

void ShaderProgram::set(const char* name, const glm::mat4& m) const {
    glUniformMatrix4fv(glGetUniformLocation(id_, name), 1, GL_FALSE, glm::value_ptr(m));
}
void ShaderProgram::set(const char* name, const glm::vec3& v) const {
    glUniform3fv(glGetUniformLocation(id_, name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::vec4& v) const {
    glUniform4fv(glGetUniformLocation(id_, name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, float v) const {
    glUniform1f(glGetUniformLocation(id_, name), v);
}
void ShaderProgram::setSampler(const char* name, int unit) const {
    glUniform1i(glGetUniformLocation(id_, name), unit);
}
void ShaderProgram::set(const char* name, float x, float y) const {
    glUniform2f(glGetUniformLocation(id_, name), x, y);
}

} // namespace tumble::app
