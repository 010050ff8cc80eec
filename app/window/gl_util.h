#pragma once
/// \file gl_util.h
/// Small GL helpers: shader programs loaded from shaders/ at run time, with the compiler's
/// log in the error so a typo in a shader names its file and line.
#include <glad/gl.h>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <string>

namespace tumble::app {

/// An owned GL program. Move-only; deletes the program when destroyed.
class ShaderProgram {
public:
    ShaderProgram() = default;
    ~ShaderProgram();
    ShaderProgram(ShaderProgram&& other) noexcept;
    ShaderProgram& operator=(ShaderProgram&& other) noexcept;
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;

    /// Compile shaders/<name>.vert and shaders/<name>.frag (found through findResource) and
    /// link them. On failure returns false and `error` holds the file and the GL log.
    bool load(const std::string& name, std::string& error);
    /// The same from shaders/<vertex>.vert, shaders/<geometry>.geom (none when empty) and
    /// shaders/<fragment>.frag, so stages can be shared between programs.
    bool load(const std::string& vertex, const std::string& geometry, const std::string& fragment,
              std::string& error);

    void use() const { glUseProgram(id_); }
    GLuint id() const { return id_; }

    /// Uniform setters by name (looked up each call: a handful per frame, not per body).
    void set(const char* name, const glm::mat4& m) const;
    void set(const char* name, const glm::vec3& v) const;
    void set(const char* name, const glm::vec4& v) const;
    void set(const char* name, float v) const;
    void set(const char* name, float x, float y) const;
    /// A sampler uniform: the texture unit it reads.
    void setSampler(const char* name, int unit) const;

private:
    GLuint id_ = 0;
};

} // namespace tumble::app
